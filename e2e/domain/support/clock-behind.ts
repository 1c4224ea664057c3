// A job run in the test's own process on a clock set back: the worker of a host whose clock is
// behind the database's, by which the queue hands jobs over.
import { vi } from "vitest";
import { db } from "./domain-world";

/** Runs `run` on this process's clock set `ms` back (Date only; timers keep real time). */
export async function onClockBehind(ms: number, run: () => Promise<unknown>): Promise<void> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - ms });
  try {
    await run();
  } finally {
    vi.useRealTimers();
  }
}

/** The moment the job of `key` is queued for, in epoch milliseconds; 0 when none is queued. */
export async function queuedFor(key: string): Promise<number> {
  const [job] = await db.$queryRaw<{ run_at: Date }[]>`
    select run_at from graphile_worker._private_jobs where key = ${key}`;
  return job?.run_at.getTime() ?? 0;
}

/** Now on the database's clock, in epoch milliseconds. */
export async function databaseNow(): Promise<number> {
  const [row] = await db.$queryRaw<{ now: Date }[]>`select clock_timestamp() as now`;
  if (!row) throw new Error("no clock");
  return row.now.getTime();
}
