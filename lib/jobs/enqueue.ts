import "server-only";
import pg from "pg";
import type { Tx } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { TASK_PAYLOADS, type TaskName, type TaskPayload } from "./tasks";

/** When the job may run; default now. */
type When =
  /** A moment of the product's calendar (a reminder's). */
  | { runAt?: Date; delaySeconds?: never }
  /**
   * So long after now on the database's clock, by which the queue hands jobs over: a worker's own
   * clock, behind or ahead, would shorten or lengthen the wait by the difference.
   */
  | { delaySeconds: number; runAt?: never };

type Options = When & {
  /**
   * At most one pending job per key: adding again replaces it (`replace`, the default), keeps its
   * moment (`preserve_run_at`: a burst of messages gives one notice), or does nothing while one
   * exists (`unsafe_dedupe`).
   */
  jobKey?: string;
  jobKeyMode?: "replace" | "preserve_run_at" | "unsafe_dedupe";
  maxAttempts?: number;
};

/** SQL: `seconds` after now on the database's clock, as the queue's `run_at` (a timestamptz) takes it. */
const runAfterSql = (seconds: number) => {
  if (!Number.isFinite(seconds)) throw new TypeError("not a finite number of seconds");
  return `clock_timestamp() + make_interval(secs => ${String(seconds)})`;
};

/** Attempts of a job unless its caller says otherwise (graphile-worker's own default is 25). */
const MAX_ATTEMPTS = 10;

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
  const runAt =
    opts.delaySeconds === undefined
      ? Prisma.sql`${opts.runAt ?? null}::timestamptz`
      : Prisma.raw(runAfterSql(opts.delaySeconds));
  await tx.$executeRaw`select graphile_worker.add_job(
    ${task}::text,
    ${JSON.stringify(checked)}::json,
    run_at => ${runAt},
    max_attempts => ${opts.maxAttempts ?? MAX_ATTEMPTS}::int,
    job_key => ${opts.jobKey ?? null}::text,
    job_key_mode => ${opts.jobKeyMode ?? "replace"}::text
  )`;
}

/**
 * The same `add_job` as SQL, for a write that is one statement and cannot call `enqueue` (a
 * lifecycle write under its session's lock): `payload` and `jobKey` are SQL expressions of that
 * statement's rows, so the payload is not checked here; the task name is.
 */
export const addJobSql = (
  task: TaskName,
  payload: string,
  jobKey: string,
  opts: { delaySeconds?: number; jobKeyMode?: Options["jobKeyMode"] } = {},
) =>
  `graphile_worker.add_job(${pg.escapeLiteral(task)}, ${payload}, max_attempts => ${String(MAX_ATTEMPTS)}, job_key => ${jobKey}${
    opts.delaySeconds === undefined ? "" : `, run_at => ${runAfterSql(opts.delaySeconds)}`
  }${opts.jobKeyMode ? `, job_key_mode => ${pg.escapeLiteral(opts.jobKeyMode)}` : ""})`;
