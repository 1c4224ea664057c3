import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/processes";

// A failed test run must fail: vitest sets exit code 1 and ends by itself, after its global setup
// has started and stopped an embedded PostgreSQL. A library hook that turned the end of such a
// program into exit 0 made every failed `npm test` (and CI) pass.
it(
  "keeps the exit code of a program that started and stopped an embedded PostgreSQL",
  { timeout: 120_000 },
  async () => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
        path.join(ROOT, "e2e/api/support/exit-code-child.ts"),
        path.join(ROOT, ".data"),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: "" },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (c) => {
        resolve(c);
      });
    });
    expect(code).toBe(3);
  },
);
