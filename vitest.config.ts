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
    include: ["e2e/api/**/*.test.ts", "lib/**/*.test.ts"],
    globalSetup: ["e2e/api/support/global-setup.ts"],
    // Every gateway response a test receives is checked against the served OpenAPI document.
    setupFiles: ["e2e/api/support/check-responses.ts"],
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
