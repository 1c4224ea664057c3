import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { ROOT } from "../../scripts/lib/processes";

const exec = promisify(execFile);
const prisma = path.join(ROOT, "node_modules/.bin/prisma");

describe("committed migrations", () => {
  it("match schema.prisma exactly (no drift)", async () => {
    const env = { ...process.env, DATABASE_URL: inject("databaseUrl") };
    const r = await exec(
      prisma,
      [
        "migrate",
        "diff",
        "--from-migrations",
        "prisma/migrations",
        "--to-schema",
        "prisma/schema.prisma",
        "--exit-code",
        "--script",
      ],
      { cwd: ROOT, env },
    ).then(
      (ok) => ({ code: 0, out: ok.stdout }),
      (e: unknown) => {
        const failed = e as { code: number; stdout: string; stderr: string };
        return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
      },
    );
    expect(
      r.out.trim(),
      "schema.prisma changed without a migration: run npm run db:migrate:dev -- --name <change>",
    ).not.toMatch(/ALTER|CREATE|DROP/);
    expect(r.code, r.out).toBe(0);
  }, 60_000);

  it("are all applied to the test database", async () => {
    const env = { ...process.env, DATABASE_URL: inject("databaseUrl") };
    const { stdout } = await exec(prisma, ["migrate", "status"], { cwd: ROOT, env });
    expect(stdout).toMatch(/Database schema is up to date/);
  }, 60_000);
});
