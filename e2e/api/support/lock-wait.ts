import type pg from "pg";
import { db } from "./world";

/**
 * Resolves with their pids once `count` statements like `pattern` (ILIKE) wait behind the lock
 * `holder` holds, directly or queued behind another waiter: `holder` is the test's own connection in
 * its open transaction, or a backend's pid. So a test can commit what it holds while the requests
 * under test wait for it. Only waits behind the test's own lock count: the other test worker's
 * statements wait on locks of the same tables too, and one of theirs would end the wait before the
 * request under test got there. Race it with the request: one that answers without waiting ends the
 * race too, and this stops asking after `withinMs` (rejecting, which the settled race ignores).
 */
export async function untilWaitingOnLock(
  holder: pg.Client | number,
  pattern = "%",
  { count = 1, withinMs = 20_000 } = {},
): Promise<number[]> {
  const own = typeof holder === "number" ? holder : await backendOf(holder);
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    // Through the test's own client, never the holder: inside a transaction, pg_stat_activity stays
    // as that transaction first read it, without the backends opened since.
    const rows = await db.$queryRaw<{ pid: number }[]>`
      with recursive behind(pid, query) as (
        select pid, query from pg_stat_activity where ${own}::int = any(pg_blocking_pids(pid))
        union
        select a.pid, a.query from pg_stat_activity a join behind b on b.pid = any(pg_blocking_pids(a.pid)))
      select pid from behind where query ilike ${pattern}`;
    if (rows.length >= count) return rows.map((r) => r.pid);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(
    `fewer than ${String(count)} statements like ${pattern} waited on the test's lock within ${String(withinMs)} ms`,
  );
}

async function backendOf(connection: pg.Client): Promise<number> {
  const [row] = (await connection.query<{ pid: number }>("select pg_backend_pid() as pid")).rows;
  if (!row) throw new Error("the holder's connection has no backend");
  return row.pid;
}
