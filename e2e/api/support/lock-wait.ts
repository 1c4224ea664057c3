import { db } from "./world";

/**
 * Resolves once a statement whose text matches `pattern` (an ILIKE pattern) waits on a lock, so a
 * test can commit what it holds while the request under test waits for it. Race it with the
 * request: one that answers without waiting ends the race too, and this stops asking after
 * `withinMs` (rejecting, which the settled race ignores).
 */
export async function untilWaitingOnLock(pattern: string, withinMs = 20_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const [row] = await db.$queryRaw<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike ${pattern}`;
    if (row && row.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no statement like ${pattern} waited on a lock within ${String(withinMs)} ms`);
}
