import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../../scripts/lib/test-stack";
import { ROOT } from "../../scripts/lib/processes";

// The harness starts PostgreSQL, then builds. A build that failed left the database running (and
// its folder on disk) until someone killed it by hand: two were found two hours later. Whatever
// the stack had started before a step failed is stopped again, and the error still reaches the run.

// The in-process setup points DATABASE_URL at the suite's database; these stacks start their own.
const suiteDatabase = process.env.DATABASE_URL;
let running: Stack | undefined;
afterEach(async () => {
  process.env.DATABASE_URL = suiteDatabase;
  await running?.stop();
  running = undefined;
});

function processesUsing(dir: string): string[] {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(dir));
}

// The suite's global setup has built already; these stacks must not build again under its server.
const built = () => Promise.resolve();

describe("the test stack", () => {
  it("stops the PostgreSQL it started when the build fails, and reports the build's error", async () => {
    delete process.env.DATABASE_URL;
    const name = "harness-failure";
    const pgDir = path.join(ROOT, ".data", `${name}-pg-${String(process.pid)}`);

    await expect(
      startStack(name, {
        build: () => Promise.reject(new Error("next build failed: exit 1")),
      }),
    ).rejects.toThrow("next build failed: exit 1");

    expect(processesUsing(pgDir)).toEqual([]);
    expect(existsSync(pgDir)).toBe(false);
  }, 120_000);

  it("once stopped, leaves neither its database nor its mail folder behind", async () => {
    delete process.env.DATABASE_URL;
    const name = "harness-stop";
    const pgDir = path.join(ROOT, ".data", `${name}-pg-${String(process.pid)}`);
    const stack = await startStack(name, { build: built });
    running = stack;
    expect(existsSync(stack.mailDir)).toBe(true);
    expect((await fetch(`${stack.baseUrl}/gateway/ping`)).status).toBe(200);

    await stack.stop();

    expect(processesUsing(pgDir)).toEqual([]);
    expect(existsSync(pgDir)).toBe(false);
    expect(existsSync(stack.mailDir)).toBe(false);
    await expect(fetch(`${stack.baseUrl}/gateway/ping`)).rejects.toThrow();
  }, 120_000);
});
