// Starts what the tests need, as real as production: PostgreSQL (embedded, or DATABASE_URL), the
// committed migrations applied by Prisma's CLI, and the production build under `next start`.
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, startEmbeddedPostgres } from "../../lib/db/embedded-postgres";
import { startLocalIdp } from "../../scripts/lib/local-idp";
import { TEST_IDP_CLIENT } from "./test-idp-client";
import { ROOT, ensureBuild, migrateDeploy, startNext } from "../../scripts/lib/processes";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    secretKey: string;
    idpIssuer: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  const pg = external
    ? null
    : await startEmbeddedPostgres({ dir: path.join(ROOT, ".data", `test-pg-${process.pid}`), persistent: false, database: "test", quiet: true });
  const databaseUrl = external ?? pg!.url;
  await migrateDeploy(databaseUrl);
  await ensureBuild();
  // A short access-token lifetime is not needed: expiry is tested by moving expiresAt in the table.
  const secretKey = randomBytes(32).toString("base64url");
  const idp = await startLocalIdp({ port: await freePort(), clients: [TEST_IDP_CLIENT], accounts: [], testAccounts: true });
  const server = await startNext(await freePort(), { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "10", SECRET_KEY: secretKey, RATE_LIMIT_ADDRESS: "100000", RATE_LIMIT_WINDOW_SECONDS: "3600" }, { quiet: true });
  project.provide("secretKey", secretKey);
  project.provide("idpIssuer", idp.issuer);
  project.provide("baseUrl", server.url);
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    await server.stop();
    await idp.stop();
    await pg?.stop();
  };
}
