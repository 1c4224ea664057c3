// `npm run worker`: job workers alone (reminders, email, the daily digest), for deployments that
// run them apart from the web instances. `npm start` runs them itself. Needs DATABASE_URL,
// SECRET_KEY, SMTP_URL and NEXTAUTH_URL (the site's address for links), like the server.
import { startWorkers } from "@/lib/jobs/start-workers";

const runner = await startWorkers();
console.log("Job workers running (Ctrl-C stops them after the jobs at hand).");
const stop = () => void runner.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await runner.promise;
