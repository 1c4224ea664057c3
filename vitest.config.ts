import path from "node:path";
import { defineConfig } from "vitest/config";

// The HTTP tests of the contract talk to the test server and share nothing but the database (each
// file builds a world of its own there), and the unit tests test pure functions: a worker runs
// these files one after another in one module graph (isolate: false), so that each no longer
// loads Prisma's client and engine, compiles the OpenAPI document's validators and imports its
// modules anew, which took a third of the test processes' CPU (docs/testing.md). Most in-process
// tests of domain rules call lib functions whose module state (the pool, its clock, its time zone)
// a file sets up for itself, and two files set the process's time zone: each of those keeps a
// process of its own. A new domain file does too, until it is named below.
const SETS_TIME_ZONE = ["e2e/api/time-zone.test.ts", "lib/local-clock.test.ts"];

// Domain files that set up no module state: pure functions, or lib functions on the pool as the
// setup file points it, the process's clock and time zone untouched. Each fork cost a second or
// two of a core to start (2026-12-06).
const DOMAIN_SHARED = [
  "build-inputs",
  "care-team",
  "check-answers",
  "close-session",
  "create-client",
  "homework",
  "lifecycle-rows",
  "module-form-model",
  "module-version-is-test",
  "rate-limit-windows",
].map((name) => `e2e/domain/${name}.test.ts`);

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "e2e/api/support/server-only.ts"),
};

// What every test file gets, in either project.
const eachFile = {
  // In-process tests read DATABASE_URL and SECRET_KEY from the stack; every gateway response a
  // test receives is checked against the served OpenAPI document.
  setupFiles: ["e2e/domain/support/in-process-env.ts", "e2e/api/support/check-responses.ts"],
  testTimeout: 30_000,
  hookTimeout: 240_000,
  pool: "forks" as const,
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Here only, not in the projects: vitest runs the root config's global setup once for the run,
    // and what it provides reaches every project, so both share one stack.
    globalSetup: ["e2e/api/support/global-setup.ts"],
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          ...eachFile,
          name: "one-process",
          include: ["e2e/api/**/*.test.ts", "lib/**/*.test.ts", "components/**/*.test.ts", ...DOMAIN_SHARED],
          exclude: SETS_TIME_ZONE,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...eachFile,
          name: "own-process",
          include: ["e2e/domain/**/*.test.ts", ...SETS_TIME_ZONE],
          exclude: DOMAIN_SHARED,
          isolate: true,
        },
      },
    ],
  },
});
