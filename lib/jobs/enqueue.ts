import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { TASK_PAYLOADS, type TaskName, type TaskPayload } from "./tasks";

type Options = {
  /** When the job may run; default now. */
  runAt?: Date;
  /**
   * At most one pending job per key: adding again replaces it (`replace`, the default), keeps its
   * moment (`preserve_run_at`: a burst of messages gives one notice), or does nothing while one
   * exists (`unsafe_dedupe`).
   */
  jobKey?: string;
  jobKeyMode?: "replace" | "preserve_run_at" | "unsafe_dedupe";
  maxAttempts?: number;
};

/**
 * Adds a job in the caller's transaction (graphile-worker's `add_job`): it exists exactly when the
 * change that asked for it was committed, and a worker of any instance runs it once.
 */
export async function enqueue<T extends TaskName>(
  tx: Tx,
  task: T,
  payload: TaskPayload<T>,
  opts: Options = {},
): Promise<void> {
  const checked = TASK_PAYLOADS[task].parse(payload);
  await tx.$executeRaw`select graphile_worker.add_job(
    ${task}::text,
    ${JSON.stringify(checked)}::json,
    run_at => ${opts.runAt ?? null}::timestamptz,
    max_attempts => ${opts.maxAttempts ?? 10}::int,
    job_key => ${opts.jobKey ?? null}::text,
    job_key_mode => ${opts.jobKeyMode ?? "replace"}::text
  )`;
}
