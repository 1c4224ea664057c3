// The benchmark's second reference: the same session detail (same SQL, same mapper, same token
// check) served by bare node:http and pg, with no framework. What Next.js itself costs is the gap.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { BEARER_SQL } from "@/lib/auth/authenticate-bearer";
import { sha256 } from "@/lib/auth/token-hash";
import { SESSION_DETAIL_SQL } from "@/lib/sessions/read-session-detail";
import { mapSessionDetail, type SessionDetailRow } from "@/lib/sessions/map-session-detail";

type BearerRow = {
  id: number;
  role: string;
  caregiverId: number | null;
  clinicId: number | null;
  expired: boolean;
  revoked: boolean;
};

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const port = Number(process.env.PORT);

async function handle(req: IncomingMessage, res: ServerResponse) {
  try {
    const m = /^\/gateway\/profile\/caregiver\/session\/(\d+)$/.exec(req.url ?? "");
    const token = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!m || !token) return void res.writeHead(404).end();
    const auth = (await pool.query<BearerRow>({ name: "auth", text: BEARER_SQL, values: [sha256(token)] })).rows[0];
    if (!auth || auth.expired || auth.revoked) return void res.writeHead(401).end();
    const scopeId = auth.role === "CAREGIVER" ? auth.caregiverId : auth.clinicId;
    const row = (
      await pool.query<SessionDetailRow>({
        name: "detail",
        text: SESSION_DETAIL_SQL,
        values: [Number(m[1]), auth.role, scopeId, auth.id],
      })
    ).rows[0];
    if (!row) return void res.writeHead(404).end();
    res
      .writeHead(200, { "content-type": "application/json;charset=UTF-8" })
      .end(JSON.stringify(mapSessionDetail(row, 0)));
  } catch {
    res.writeHead(500).end();
  }
}

createServer((req, res) => {
  void handle(req, res);
}).listen(port, "127.0.0.1", () => {
  console.log(`bare server on ${port}`);
});
