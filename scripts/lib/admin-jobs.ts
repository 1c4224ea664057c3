// `npm run admin -- jobs`: the job queue as the operator sees it, from graphile-worker's `jobs` view
// (which has no payload column: payloads hold addresses and sealed tokens, and are never shown).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { errorLine } from "@/lib/jobs/error-line";

type JobRow = {
  id: bigint;
  task_identifier: string;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  locked_at: Date | null;
  last_error: string | null;
};

export type JobState = "failed" | "running" | "retrying" | "pending";

/**
 * graphile-worker keeps a job until it succeeds; one that used all its attempts stays, never run
 * again, until retried. A lock older than 4 hours is one graphile-worker itself treats as
 * abandoned (its worker died), so such a job counts as waiting again.
 */
function stateOf(j: JobRow, now: Date): JobState {
  if (j.attempts >= j.max_attempts) return "failed";
  if (j.locked_at && now.getTime() - j.locked_at.getTime() < 4 * 3600_000) return "running";
  return j.attempts > 0 ? "retrying" : "pending";
}

const when = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** Prints the jobs waiting, running and failed (only the failed ones with `failed`), oldest first. */
export async function listJobs(p: PrismaClient, opts: { failed: boolean }): Promise<void> {
  const rows = await p.$queryRaw<JobRow[]>`
    select id, task_identifier, attempts, max_attempts, run_at, locked_at, last_error
    from graphile_worker.jobs
    where ${!opts.failed}::boolean or attempts >= max_attempts
    order by id`;
  const now = new Date();
  const jobs = rows.map((j) => ({ ...j, state: stateOf(j, now) }));
  const count = (s: JobState) => jobs.filter((j) => j.state === s).length;
  console.log(
    opts.failed
      ? `${jobs.length} failed job(s)`
      : `${jobs.length} job(s): ${count("pending")} pending, ${count("retrying")} retrying, ${count("running")} running, ${count("failed")} failed`,
  );
  if (jobs.length === 0) return;
  console.log(
    `  ${"id".padEnd(8)} ${"task".padEnd(20)} ${"state".padEnd(9)} ${"attempts".padEnd(9)} ${"next run".padEnd(21)} last error`,
  );
  for (const j of jobs) {
    const next = j.state === "failed" ? "never (retry it)" : j.state === "running" ? "now" : when(j.run_at);
    console.log(
      `  ${String(j.id).padEnd(8)} ${j.task_identifier.padEnd(20)} ${j.state.padEnd(9)} ${`${j.attempts}/${j.max_attempts}`.padEnd(9)} ${next.padEnd(21)} ${errorLine(j.last_error)}`,
    );
  }
}

/**
 * Runs a job again now with all its attempts (graphile-worker's `reschedule_jobs`): a failed job
 * after its cause was fixed, or one waiting for its next retry. A job running now is left alone.
 */
export async function retryJob(p: PrismaClient, id: number): Promise<void> {
  const [job] = await p.$queryRaw<JobRow[]>`
    select id, task_identifier, attempts, max_attempts, run_at, locked_at, last_error
    from graphile_worker.jobs where id = ${id}`;
  if (!job) throw new Error(`no job ${id} (done jobs are removed; npm run admin -- jobs lists the others)`);
  const rescheduled = await p.$queryRaw<{ id: bigint }[]>`
    select id from graphile_worker.reschedule_jobs(array[${id}]::bigint[], run_at => now(), attempts => 0)`;
  if (rescheduled.length === 0) throw new Error(`job ${id} is running now; it is retried by itself if it fails`);
  console.log(`Job ${id} (${job.task_identifier}) will run again now, with ${job.max_attempts} attempt(s).`);
}
