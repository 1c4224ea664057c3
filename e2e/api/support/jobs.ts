import { enqueue } from "@/lib/jobs/enqueue";
import type { TaskName, TaskPayload } from "@/lib/jobs/tasks";
import { db } from "./world";

/** How many jobs whose key is like `key` (a LIKE pattern) wait in the queue. */
export const queuedJobs = async (key: string) =>
  (
    await db.$queryRaw<{ n: number }[]>`
    select count(*)::int as n from graphile_worker._private_jobs where key like ${key}`
  )[0]?.n ?? 0;

/** When the job of `key` is due; null when there is none. */
export const jobDue = async (key: string) =>
  (
    await db.$queryRaw<{ run_at: Date }[]>`
    select run_at from graphile_worker._private_jobs where key = ${key}`
  )[0]?.run_at ?? null;

/** Waits until no job of `key` (a LIKE pattern) is left in the queue: each has run. */
export async function jobsDone(key: string) {
  const deadline = Date.now() + 20_000;
  while ((await queuedJobs(key)) > 0) {
    if (Date.now() > deadline) throw new Error(`the jobs ${key} did not run`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs the job of `jobKey` now: queued again with its key, due now (the queue's own clock, not
 * ours), and waited for.
 */
export async function runJobNow<T extends TaskName>(task: T, payload: TaskPayload<T>, jobKey: string) {
  await db.$transaction((tx) => enqueue(tx, task, payload, { runAt: new Date(), jobKey }));
  await jobsDone(jobKey);
}

/** The payload and due moment of the one job whose key is like `key` (a LIKE pattern). */
export async function queuedJob(key: string) {
  const rows = await db.$queryRaw<{ key: string; payload: unknown; run_at: Date }[]>`
    select key, payload, run_at from graphile_worker._private_jobs where key like ${key}`;
  if (rows.length !== 1) throw new Error(`${String(rows.length)} jobs ${key}, not one`);
  const [row] = rows as [(typeof rows)[number]];
  return row;
}

/** Brings the jobs of `key` (a LIKE pattern) to now on the queue's own clock, and waits for them. */
export async function runQueuedJobsNow(key: string) {
  await db.$executeRaw`update graphile_worker._private_jobs set run_at = now() where key like ${key}`;
  await jobsDone(key);
}
