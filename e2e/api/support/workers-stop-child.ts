// The job workers as `npm start` runs them on its embedded PostgreSQL, stopped as Ctrl-C stops them:
// the workers, then the database (e2e/api/workers-stop.test.ts). Prints what the process logged.
import path from "node:path";
import { startEmbeddedPostgres } from "@/scripts/lib/embedded-postgres";

const pg = await startEmbeddedPostgres({
  dir: path.join(process.argv[2] ?? ".data", `workers-stop-pg-${String(process.pid)}`),
  persistent: false,
  quiet: true,
});
Object.assign(process.env, {
  DATABASE_URL: pg.url,
  SECRET_KEY: "a-key-for-this-test-only-0123456789",
  // Nothing is sent: no job is queued.
  SMTP_URL: "smtp://127.0.0.1:9",
  NEXTAUTH_URL: "http://localhost:3000",
  WORKER_POLL_MS: "100",
});
const { startWorkers, stopWorkers } = await import("@/lib/jobs/start-workers");
const runner = await startWorkers();
// A few polls, each on a connection of the pool.
await new Promise((r) => setTimeout(r, 500));
await stopWorkers(runner);
await pg.stop();
console.log("stopped");
