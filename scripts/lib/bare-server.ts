// The benchmark's second reference: the same session detail (same SQL, same mapper, same token
// check) served by bare node:http and pg, with no framework. What Next.js itself costs is the gap.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { InferResult } from "kysely";
import pg from "pg";
import { bearerQuery } from "@/lib/auth/authenticate-bearer";
import { scopeOfRow } from "@/lib/auth/scope";
import { sha256 } from "@/lib/auth/token-hash";
import { CONNECTION_OPTIONS } from "@/lib/db/pool";
import { sessionDetailQuery } from "@/lib/sessions/read-session-detail";
import { mapSessionDetail } from "@/lib/sessions/map-session-detail";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  options: CONNECTION_OPTIONS,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const port = Number(process.env.PORT);

async function handle(req: IncomingMessage, res: ServerResponse) {
  try {
    const m = /^\/gateway\/profile\/caregiver\/session\/(\d+)$/.exec(req.url ?? "");
    const token = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!m || !token) return void res.writeHead(404).end();
    const bearer = bearerQuery(sha256(token));
    const [auth] = (
      await pool.query<InferResult<typeof bearer>[number]>({
        name: "auth",
        text: bearer.sql,
        values: [...bearer.parameters],
      })
    ).rows;
    const scope = auth && scopeOfRow(auth);
    if (!auth || !scope || auth.expired || auth.revoked) return void res.writeHead(401).end();
    if (scope.role !== "CAREGIVER" && scope.role !== "CLINIC") return void res.writeHead(403).end();
    const detail = sessionDetailQuery(scope, Number(m[1]));
    const [row] = (
      await pool.query<InferResult<typeof detail>[number]>({
        name: "detail",
        text: detail.sql,
        values: [...detail.parameters],
      })
    ).rows;
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
