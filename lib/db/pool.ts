import "server-only";
import pg from "pg";
import { env } from "@/lib/env";

// One pool per process, shared by Prisma (through its pg adapter) and by the few hot-path
// queries that go to pg directly. Kept on globalThis so that dev-mode reloads reuse it.
declare global {
  var __pgPool: pg.Pool | undefined;
}

// Our statements run as named prepared statements (lib/db/sql.ts) keyed by ids. Left to choose,
// PostgreSQL kept planning the bigger ones afresh on every call, which can cost more than running
// them (the feedback-due list: 2 to 8 ms of planning for about 3 of execution); a generic plan is
// made once per connection and statement. Unnamed statements (Prisma's) are planned per call.
// Timestamp columns hold UTC without a zone, and rows our SQL inserts take theirs from column
// defaults (CURRENT_TIMESTAMP: the audit log, care teams), converted in the connection's time zone:
// every connection is in UTC, whatever the server's default.
export const CONNECTION_OPTIONS = "-c plan_cache_mode=force_generic_plan -c timezone=UTC";

export function pool(): pg.Pool {
  if (!globalThis.__pgPool) {
    const e = env();
    globalThis.__pgPool = new pg.Pool({
      connectionString: e.DATABASE_URL,
      options: CONNECTION_OPTIONS,
      max: e.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
      // A statement that hangs (database stopped mid-query) must not hold a request forever.
      query_timeout: 10_000,
    });
    // An idle client losing its connection is not fatal: the pool drops it and reconnects.
    globalThis.__pgPool.on("error", () => {});
  }
  return globalThis.__pgPool;
}

/**
 * Ends this process's pool and waits until its idle connections are closed, not only asked to
 * close: `end()` resolves before their sockets do, and a database stopped right after (`npm
 * start`'s embedded one) ended them under their error handlers. A connection still checked out (a
 * job worker that failed mid-query) closes when it is released, which may be never: not waited
 * for; nor longer than 5 s for a close the network does not answer.
 */
export async function closePool(): Promise<void> {
  const p = globalThis.__pgPool;
  if (!p || p.ending) return;
  let idle = p.idleCount;
  const closed = new Promise<void>((resolve) => {
    if (idle === 0) resolve();
    p.on("remove", () => {
      if (--idle <= 0) resolve();
    });
    setTimeout(resolve, 5_000).unref();
  });
  void p.end();
  await closed;
}
