import "server-only";
import { Logger, parseCrontab, run, type Runner } from "graphile-worker";
import { closePool, pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { errorLine } from "./error-line";
import { TASK_LIST } from "./task-list";

// graphile-worker's messages go to our JSON log; they name tasks and job ids, never payloads. A
// failed job's message carries its error and stack, and an SMTP refusal quotes the recipient: only
// the first line goes to the log, without addresses.
const logger = new Logger((scope) => (level: string, message) => {
  const entry = { worker: scope.workerId, task: scope.taskIdentifier, job: scope.jobId, msg: errorLine(message) };
  if (level === "error") log.error(entry);
  else if (level === "warning") log.warn(entry);
  else if (level === "info") log.info(entry);
});

/**
 * Runs the job workers of this process on the shared pool: any number of processes may run them
 * against one database, and each job runs in one of them (rows locked with SKIP LOCKED). The daily
 * digest is graphile-worker's cron, which also fires once per moment across processes.
 */
export function startWorkers(): Promise<Runner> {
  const e = env();
  return run({
    pgPool: pool(),
    concurrency: e.WORKER_CONCURRENCY,
    pollInterval: e.WORKER_POLL_MS,
    noHandleSignals: true,
    logger,
    taskList: TASK_LIST,
    parsedCronItems: parseCrontab(
      `${e.DIGEST_CRON} daily-digest ?max=3\n${e.RETENTION_CRON} erase-expired-clients ?max=3`,
    ),
  });
}

/**
 * Stops the runner after the jobs at hand, then closes this process's pool. The runner leaves its
 * error handler on every connection it used; one still open when its database stops (`npm start`'s
 * own, right after) was logged as an error ("terminating connection"), three at every Ctrl-C.
 */
export async function stopWorkers(runner: Runner): Promise<void> {
  try {
    await runner.stop();
  } finally {
    await closePool();
  }
}
