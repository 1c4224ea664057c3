import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startStack } from "../../scripts/lib/test-stack";
import { ROOT } from "../../scripts/lib/processes";

// The harness starts PostgreSQL, then builds. A build that failed left the database running (and
// its folder on disk) until someone killed it by hand: two were found two hours later. Whatever
// the stack had started before a step failed is stopped again, and the error still reaches the run.

const saved = { ...process.env };
afterAll(() => {
  process.env = saved;
});

function postgresProcessesUsing(dir: string): string[] {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(dir));
}

describe("the test stack", () => {
  it("stops the PostgreSQL it started when the build fails, and reports the build's error", async () => {
    // The in-process setup points DATABASE_URL at the suite's database; this stack starts its own.
    delete process.env.DATABASE_URL;
    const name = "harness-failure";
    const pgDir = path.join(ROOT, ".data", `${name}-pg-${process.pid}`);

    await expect(
      startStack(name, {
        build: () => Promise.reject(new Error("next build failed: exit 1")),
      }),
    ).rejects.toThrow("next build failed: exit 1");

    expect(postgresProcessesUsing(pgDir)).toEqual([]);
    expect(existsSync(pgDir)).toBe(false);
  });

  it("once stopped, leaves neither its database nor its mail folder behind", async () => {
    delete process.env.DATABASE_URL;
    const name = "harness-stop";
    const pgDir = path.join(ROOT, ".data", `${name}-pg-${process.pid}`);
    const stack = await startStack(name);
    expect(existsSync(stack.mailDir)).toBe(true);
    expect((await fetch(`${stack.baseUrl}/gateway/ping`)).status).toBe(200);

    await stack.stop();

    expect(postgresProcessesUsing(pgDir)).toEqual([]);
    expect(existsSync(pgDir)).toBe(false);
    expect(existsSync(stack.mailDir)).toBe(false);
    await expect(fetch(`${stack.baseUrl}/gateway/ping`)).rejects.toThrow();
  });
});
