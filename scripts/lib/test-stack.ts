// Everything the automated tests run against, as real as production: PostgreSQL (embedded, or
// DATABASE_URL), the committed migrations applied by Prisma's CLI, the production build under
// `next start`, and a real OpenID provider on loopback for SSO and web sign-in.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { freePort, startEmbeddedPostgres } from "./embedded-postgres";
import { startLocalIdp } from "./local-idp";
import { startMailCapture } from "./mail-capture";
import { Teardown } from "./teardown";
import { ROOT, ensureBuild, migrateDeploy, startNext, startWorker } from "./processes";

/** The IdP client of the SSO tests: an institute's app. */
export const TEST_IDP_CLIENT = {
  client_id: "sso-test-app",
  client_secret: "sso-test-secret",
  redirect_uris: ["http://127.0.0.1:9/callback"],
};

export type Stack = {
  baseUrl: string;
  databaseUrl: string;
  secretKey: string;
  idpIssuer: string;
  /** Where the loopback SMTP server writes each message it receives (e2e/support/mailbox.ts). */
  mailDir: string;
  smtpUrl: string;
  stop: () => Promise<void>;
};

type StackOptions = {
  /** The production build; the harness's own test replaces it (one that fails, one that is done). */
  build?: () => Promise<unknown>;
};

/** The stack; a step that fails stops what had started before it. */
export async function startStack(name: string, opts: StackOptions = {}): Promise<Stack> {
  const parts = new Teardown();
  try {
    return await startParts(name, opts, parts);
  } catch (e) {
    // The step's own error is the one to see; what failed to stop is attached to it.
    await parts.stopAll().catch((stopFailure: unknown) => {
      if (e instanceof Error) e.cause ??= stopFailure;
    });
    throw e;
  }
}

async function startParts(name: string, opts: StackOptions, parts: Teardown): Promise<Stack> {
  const external = process.env.DATABASE_URL;
  const pg = external
    ? { url: external, stop: () => Promise.resolve() }
    : await startEmbeddedPostgres({
        dir: path.join(ROOT, ".data", `${name}-pg-${process.pid}`),
        persistent: false,
        database: "test",
        quiet: true,
      });
  parts.add(pg.stop);
  const databaseUrl = pg.url;
  await migrateDeploy(databaseUrl);
  await (opts.build ?? ensureBuild)();
  const secretKey = randomBytes(32).toString("base64url");
  const appPort = await freePort();
  const baseUrl = `http://127.0.0.1:${appPort}`;
  const web = {
    client_id: "care-web",
    client_secret: randomBytes(16).toString("hex"),
    redirect_uris: [`${baseUrl}/api/auth/callback/oidc`],
    post_logout_redirect_uris: [`${baseUrl}/signin`],
  };
  const idp = await startLocalIdp({
    port: await freePort(),
    clients: [TEST_IDP_CLIENT, web],
    accounts: [],
    testAccounts: true,
  });
  parts.add(idp.stop);
  const mail = await startMailCapture(path.join(ROOT, ".data", `${name}-mail-${process.pid}`));
  parts.add(mail.stop);
  const server = await startNext(
    appPort,
    {
      SMTP_URL: mail.url,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "10",
      SECRET_KEY: secretKey,
      NEXTAUTH_URL: baseUrl,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: web.client_id,
      OIDC_CLIENT_SECRET: web.client_secret,
      // Every test request comes from 127.0.0.1; e2e/api/sign-in-limits.test.ts checks the limits on an
      // instance of its own. An hour-long window keeps a test from straddling two windows.
      RATE_LIMIT_ADDRESS: "100000",
      RATE_LIMIT_WINDOW_SECONDS: "3600",
      PASSWORD_HASH_PER_ADDRESS: "64",
      // A message's notice waits 3 s instead of 5 min, so the tests see one email for a burst.
      MESSAGE_NOTICE_DELAY_SECONDS: "3",
    },
    { quiet: true },
  );
  parts.add(server.stop);
  // The job workers run in a process of their own, as in a larger deployment: the server only queues.
  const worker = startWorker(
    {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      SECRET_KEY: secretKey,
      NEXTAUTH_URL: baseUrl,
      SMTP_URL: mail.url,
      WORKER_POLL_MS: "250",
      // The digest's cron would mail every test world's caregivers whenever a run crosses 07:00 UTC;
      // tests run the digest themselves, for their own caregivers. February 31st never comes.
      DIGEST_CRON: "0 0 31 2 *",
      // The same for the retention job: tests of it run it themselves, on their own institutes.
      RETENTION_CRON: "0 0 31 2 *",
    },
    { quiet: true },
  );
  parts.add(worker.stop);
  return {
    baseUrl,
    databaseUrl,
    secretKey,
    idpIssuer: idp.issuer,
    mailDir: mail.dir,
    smtpUrl: mail.url,
    stop: () => parts.stopAll(),
  };
}
