// Work done in the test's own process on a clock set back (or forward): an instance or a worker of
// a host whose clock is off from the database's, by which the queue hands jobs over and requests
// check what expires.
import { vi } from "vitest";
import { databaseNow } from "@/lib/db/database-clock";
import { db } from "./domain-world";

/** Runs `run` on this process's clock set `ms` back (Date only; timers keep real time). */
export async function onClockBehind<T>(ms: number, run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - ms });
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}

/** Runs `run` on this process's clock set `ms` forward. */
export const onClockAhead = <T>(ms: number, run: () => Promise<T>) => onClockBehind(-ms, run);

/** Now on the database's clock, in epoch milliseconds. */
export const databaseNowMs = async () => (await databaseNow(db)).getTime();
