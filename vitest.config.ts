import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "e2e/api/support/server-only.ts"),
    },
  },
  test: {
    // HTTP tests of the contract (e2e/api), in-process tests of domain rules against their lib
    // functions (e2e/domain), unit tests of pure functions (lib).
    include: ["e2e/api/**/*.test.ts", "e2e/domain/**/*.test.ts", "lib/**/*.test.ts"],
    globalSetup: ["e2e/api/support/global-setup.ts"],
    // In-process tests read DATABASE_URL and SECRET_KEY from the stack; every gateway response a
    // test receives is checked against the served OpenAPI document.
    setupFiles: ["e2e/domain/support/in-process-env.ts", "e2e/api/support/check-responses.ts"],
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
