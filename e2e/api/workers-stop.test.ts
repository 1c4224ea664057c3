import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "@/scripts/lib/processes";

// Ctrl-C on `npm start` stops the job workers, then its embedded PostgreSQL. The workers' pool kept
// its connections open, and the database's stop ended them: three error lines in the log at every
// stop ("PostgreSQL active client generated error: terminating connection"), though nothing failed.
it("stops the job workers and then their database with no error in the log", { timeout: 120_000 }, async () => {
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      path.join(ROOT, "e2e/api/support/workers-stop-child.ts"),
      path.join(ROOT, ".data"),
    ],
    { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: "", NODE_ENV: "production" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  expect(out).toContain("Worker connected and looking for jobs");
  expect(out).toContain("stopped");
  expect(out.split("\n").filter((line) => line.includes('"level":50') || /error/i.test(line))).toEqual([]);
  expect(code).toBe(0);
});
