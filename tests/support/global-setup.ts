// Starts what the tests need, as real as production: PostgreSQL (embedded, or DATABASE_URL), the
// committed migrations applied by Prisma's CLI, and the production build under `next start`.
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, startEmbeddedPostgres } from "../../lib/db/embedded-postgres";
import { ROOT, ensureBuild, migrateDeploy, startNext } from "../../scripts/lib/processes";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
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
  const server = await startNext(await freePort(), { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "10" }, { quiet: true });
  project.provide("baseUrl", server.url);
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    await server.stop();
    await pg?.stop();
  };
}
