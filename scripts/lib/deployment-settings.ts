// What a deployment (DATABASE_URL set) must be told, where the demo would make do with stand-ins:
// `npm start` and `npm run worker` refuse to start without them rather than send email nowhere
// useful (found by the review as an operator deploying it, 2026-12-06). SECRET_KEY is the same
// rule, in local-database.ts (the admin CLI needs it too).
const REQUIRED = {
  SMTP_URL:
    "smtp://user:pass@host:587 or smtps://…: the local mail catcher is for the embedded database only, and would keep every email, urgent alerts too, on this machine",
  NEXTAUTH_URL:
    "the site's public address, https://care.example.org: every emailed link starts with it, and a link to localhost reaches no one",
} as const;

/** One line for each setting a deployment lacks; none when it has them all. */
export const missingDeploymentSettings = (given: NodeJS.ProcessEnv = process.env): string[] =>
  Object.entries(REQUIRED)
    .filter(([name]) => !given[name])
    .map(([name, why]) => `${name} is required when DATABASE_URL is set (${why}).`);
