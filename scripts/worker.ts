// `npm run worker`: job workers alone (reminders, email, the daily digest), for deployments that
// run them apart from the web instances. `npm start` runs them itself. Needs DATABASE_URL,
// SECRET_KEY, SMTP_URL and NEXTAUTH_URL (the site's address for links), like the server, and
// refuses to start without them: before, without SMTP_URL every email job failed and retried.
import { startWorkers, stopWorkers } from "@/lib/jobs/start-workers";
import { missingDeploymentSettings } from "@/scripts/lib/deployment-settings";

const missing = process.env.DATABASE_URL
  ? missingDeploymentSettings()
  : ["DATABASE_URL is required: `npm run worker` runs a deployment's job workers (`npm start` runs them itself)."];
if (missing.length > 0) {
  for (const line of missing) console.error(line);
  process.exit(1);
}

let runner: Awaited<ReturnType<typeof startWorkers>>;
try {
  runner = await startWorkers();
} catch (e) {
  // A setting the server would refuse too (SECRET_KEY, say): its message, not a stack.
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
console.log("Job workers running (Ctrl-C stops them after the jobs at hand).");
// Once: in a terminal a Ctrl-C reaches this process twice (from the terminal and from npm), and a
// second stop of the runner threw while the first still finished the jobs at hand.
let stopped: Promise<void> | undefined;
const stop = () => {
  stopped ??= stopWorkers(runner).then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await runner.promise;
