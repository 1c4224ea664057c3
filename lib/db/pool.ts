import "server-only";
import pg from "pg";
import { env } from "@/lib/env";

// One pool per process, shared by Prisma (through its pg adapter) and by the few hot-path
// queries that go to pg directly. Kept on globalThis so that dev-mode reloads reuse it.
const g = globalThis as unknown as { __pgPool?: pg.Pool };

export function pool(): pg.Pool {
  if (!g.__pgPool) {
    const e = env();
    g.__pgPool = new pg.Pool({
      connectionString: e.DATABASE_URL,
      max: e.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
      // A statement that hangs (database stopped mid-query) must not hold a request forever.
      query_timeout: 10_000,
    });
    // An idle client losing its connection is not fatal: the pool drops it and reconnects.
    g.__pgPool.on("error", () => {});
  }
  return g.__pgPool;
}
