import path from "node:path";
import { defineConfig } from "vitest/config";

// The HTTP tests of the contract talk to the test server and share nothing but the database (each
// file builds a world of its own there), and the unit tests test pure functions: a worker runs
// these files one after another in one module graph (isolate: false), so that each no longer
// loads Prisma's client and engine, compiles the OpenAPI document's validators and imports its
// modules anew, which took a third of the test processes' CPU (docs/testing.md). The in-process
// tests of domain rules call lib functions whose module state (the pool, its clock, its time zone)
// a file sets up for itself, and two files set the process's time zone: each of those keeps a
// process of its own.
const OWN_PROCESS = ["e2e/domain/**/*.test.ts", "e2e/api/time-zone.test.ts", "lib/local-clock.test.ts"];

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
          include: ["e2e/api/**/*.test.ts", "lib/**/*.test.ts"],
          exclude: OWN_PROCESS,
          isolate: false,
        },
      },
      { resolve: { alias }, test: { ...eachFile, name: "own-process", include: OWN_PROCESS, isolate: true } },
    ],
  },
});
