// `npm start`: everything a fresh machine needs, in order. No DATABASE_URL → embedded PostgreSQL
// under .data/ (LOCAL_DATA_DIR) → committed migrations → demo world when the embedded database is new → a local
// OpenID provider when none is configured → a local mail catcher (maildev) when no SMTP_URL is
// configured → production build when the sources changed → `next start` → the job workers in this
// process (not with WORKERS=off, for deployments that run `npm run worker` apart). Ctrl-C stops all
// of it and loses nothing: jobs not done stay queued.
//
// With DATABASE_URL (a deployment) it starts nothing local: SECRET_KEY, SMTP_URL and NEXTAUTH_URL
// are required, and without OIDC_ISSUER the web sign-in is by password alone. When the job workers fail, the
// server is stopped too and the exit status is 1, so that a supervisor starts the whole again.
import { createHmac } from "node:crypto";
import { constants } from "node:os";
import path from "node:path";
import { sealSecret } from "@/lib/auth/secret-box";
import { missingDeploymentSettings } from "@/scripts/lib/deployment-settings";
import { DATA_DIR, localDatabaseApart, localSecretKey } from "@/scripts/lib/local-database";
import { scriptClient } from "@/scripts/lib/script-client";
import { DEMO_IDP_ACCOUNTS, printDemoSignIns, seedDemo } from "@/prisma/seed-demo";
// The local identity provider and mail catcher are loaded only when started (oidc-provider
// writes a warning to stderr when it is loaded, which a deployment's log has no use for).
import type { LocalIdp } from "./lib/local-idp";
import type { MailCatcher } from "./lib/mail-catcher";
import { ensureBuild, migrateDeploy, startNext } from "./lib/processes";

const port = Number(process.env.PORT ?? 3000);
const appUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;
const step = (s: string) => {
  console.log(`▸ ${s}`);
};
/** A path as the person typed it: from here when it is below here. */
const shownPath = (p: string) => (p.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), p) : p);
const deployed = Boolean(process.env.DATABASE_URL);
const missing = deployed ? missingDeploymentSettings() : [];
if (missing.length > 0) {
  for (const line of missing) console.error(line);
  process.exit(1);
}
let secretKey: string;
try {
  secretKey = localSecretKey();
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
// Client secrets of the local IdP, stable across restarts so that stored registrations stay valid.
const derived = (name: string) => createHmac("sha256", secretKey).update(`local-idp|${name}`).digest("base64url");

// What has started, stopped newest first: the job workers, the server, the mail catcher, the
// identity provider, and the database last.
const started: (() => Promise<unknown>)[] = [];
let ready = false;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping…");
  for (const stop of started.toReversed()) await stop().catch(() => {});
  process.exit(code);
}
// A signal while it starts ends the start (128 and the signal's number); once it is up, a stop asked for.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, () => void shutdown(ready ? 0 : 128 + constants.signals[signal]));

// The embedded database runs apart from the terminal, so that it is stopped last (localDatabaseApart).
const db = await localDatabaseApart();
started.push(db.stop);
step(
  db.embedded
    ? `PostgreSQL (embedded, data in ${shownPath(path.join(DATA_DIR, "postgres"))}): ${db.url}`
    : "PostgreSQL: DATABASE_URL",
);
step("Applying migrations");
await migrateDeploy(db.url);
const p = scriptClient(db.url);
if (db.embedded && (await seedDemo(p))) step("Demo data created");

let idp: LocalIdp | null = null;
const oidc = {
  OIDC_ISSUER: process.env.OIDC_ISSUER,
  OIDC_CLIENT_ID: process.env.OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET: process.env.OIDC_CLIENT_SECRET,
};
if (!oidc.OIDC_ISSUER && !deployed) {
  const idpPort = Number(process.env.LOCAL_IDP_PORT ?? port + 1);
  const web = {
    client_id: "care-web",
    client_secret: derived("care-web"),
    redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
    post_logout_redirect_uris: [`${appUrl}/signin`],
  };
  const demoApp = {
    client_id: "demo-institute-app",
    client_secret: derived("demo-institute-app"),
    redirect_uris: ["http://127.0.0.1:8976/callback"],
  };
  const { startLocalIdp } = await import("./lib/local-idp");
  const localIdp = await startLocalIdp({ port: idpPort, clients: [web, demoApp], accounts: DEMO_IDP_ACCOUNTS });
  idp = localIdp;
  started.push(() => localIdp.stop());
  Object.assign(oidc, {
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: web.client_id,
    OIDC_CLIENT_SECRET: web.client_secret,
  });
  // The demo institute's SSO goes through the same local provider.
  await p.institute.updateMany({
    where: { name: "Demo Institute" },
    data: {
      idpIssuer: idp.issuer,
      idpClientId: demoApp.client_id,
      idpClientSecretEnc: sealSecret(demoApp.client_secret, secretKey),
    },
  });
  step(`Local identity provider (oidc-provider): ${idp.issuer}`);
}
if (!oidc.OIDC_ISSUER) step("No OIDC_ISSUER: the web sign-in is by username and password alone");
await p.$disconnect();

let catcher: MailCatcher | null = null;
if (!process.env.SMTP_URL) {
  const { startMailCatcher } = await import("./lib/mail-catcher");
  const mail = await startMailCatcher({
    smtp: Number(process.env.MAILDEV_SMTP_PORT ?? port + 2),
    web: Number(process.env.MAILDEV_WEB_PORT ?? port + 3),
  });
  catcher = mail;
  started.push(() => mail.stop());
  step(
    `Local mail catcher (maildev, mail kept in ${shownPath(path.join(DATA_DIR, "mail"))}): SMTP ${catcher.smtpUrl}, inbox ${catcher.inboxUrl}`,
  );
}
const smtpUrl = catcher?.smtpUrl ?? process.env.SMTP_URL ?? "";

step("Building (skipped when the sources have not changed)");
if (await ensureBuild({ quiet: false })) step("Build done");
const server = await startNext(
  port,
  {
    DATABASE_URL: db.url,
    SECRET_KEY: secretKey,
    PORT: String(port),
    NEXTAUTH_URL: appUrl,
    SMTP_URL: smtpUrl,
    ...(oidc as Record<string, string>),
  },
  { host: process.env.HOST ?? "0.0.0.0" },
);
started.push(server.stop);

// The job workers share this process; the environment they read (lib/env.ts) is the server's.
const workersOn = process.env.WORKERS !== "off";
Object.assign(process.env, { DATABASE_URL: db.url, SECRET_KEY: secretKey, NEXTAUTH_URL: appUrl, SMTP_URL: smtpUrl });
const workers = workersOn ? await import("@/lib/jobs/start-workers") : null;
const runner = workers ? await workers.startWorkers() : null;
// After the jobs at hand, and with this process's connections closed before the database stops.
if (workers && runner) started.push(() => workers.stopWorkers(runner));
// A worker that fails (its database role refused, say) ends the runner: the server goes with it and
// the exit status says so, rather than `npm start` dying of the rejection and leaving the server
// serving without workers, on the port a restart needs.
runner?.promise.catch((e: unknown) => {
  console.error(`The job workers stopped: ${e instanceof Error ? e.message : String(e)}`);
  void shutdown(1);
});
console.log(`\n✔ Care Program Platform on ${appUrl}  (API reference: ${appUrl}/docs)`);
if (db.embedded) printDemoSignIns(appUrl);
else console.log("Demo data is created only on the embedded database or with `npm run db:seed`.");
if (idp)
  console.log(
    `"Sign in with your organisation" uses the local identity provider at ${idp.issuer}: the same demo usernames and passwords.`,
  );
if (catcher)
  console.log(
    `Emails (invitations, reminders, alerts, the digest) arrive in the local mail inbox: ${catcher.inboxUrl}`,
  );
console.log(
  runner
    ? "Job workers (email, reminders, alerts, the daily digest) run in this process.\n"
    : "WORKERS=off: no job workers here; run `npm run worker` to send the queued emails.\n",
);

ready = true;
server.child.on("exit", (code) => {
  if (!stopping) {
    console.error(`next start exited with ${String(code)}`);
    void shutdown(code ?? 1);
  }
});
