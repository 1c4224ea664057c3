import type pg from "pg";
import { db } from "./world";

/**
 * Resolves once a statement whose text matches `pattern` (an ILIKE pattern) waits on a lock that
 * `holder` (the test's own connection, in its open transaction) holds, so a test can commit what it
 * holds while the request under test waits for it. Only a wait on the test's own lock counts: the
 * other test worker's statements wait on locks of the same tables too, and one of theirs would end
 * the wait before the request under test got there. Race it with the request: one that answers
 * without waiting ends the race too, and this stops asking after `withinMs` (rejecting, which the
 * settled race ignores).
 */
export async function untilWaitingOnLock(holder: pg.Client, pattern: string, withinMs = 20_000): Promise<void> {
  const { rows } = await holder.query<{ pid: number }>("select pg_backend_pid() as pid");
  const own = rows[0]?.pid;
  if (own === undefined) throw new Error("the holder's connection has no backend");
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const [row] = await db.$queryRaw<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
       where wait_event_type = 'Lock' and query ilike ${pattern} and ${own}::int = any(pg_blocking_pids(pid))`;
    if (row && row.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no statement like ${pattern} waited on the test's lock within ${String(withinMs)} ms`);
}
