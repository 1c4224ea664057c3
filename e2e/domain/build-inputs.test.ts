// The test stack and `npm start` reuse .next when the hash of the build's inputs is unchanged
// (scripts/lib/processes.ts). An input left out of the hash serves a stale build: a change to the
// French words (messages/) reached no test and no page until some other source changed.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BUILD_INPUTS, ROOT } from "@/scripts/lib/processes";

// What the production build does not read, each with why.
const NOT_BUILT: Record<string, string> = {
  ".ci": "CI's install and test script",
  ".gitignore": "git's",
  ".prettierignore": "the formatter's",
  ".prettierrc.json": "the formatter's",
  "README.md": "documentation",
  "components.json": "shadcn's generator's settings, read when adding a component",
  docs: "documentation",
  e2e: "tests",
  "eslint.config.mjs": "the linter's",
  "playwright.config.ts": "the browser tests'",
  "prisma.config.ts": "Prisma's CLI (migrations), not the app",
  prisma: "migrations, factories and the seed; the build reads prisma/schema.prisma, an input itself",
  scripts:
    "the stack's own scripts; scripts/build.ts and scripts/compile-hints.ts, the build's recipe, are inputs themselves",
  "vitest.config.ts": "the API tests'",
};

describe("the production build's inputs", () => {
  it("hash every committed file the build can read: each is an input, or in a folder it does not read", () => {
    const committed = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
    const hashed = (file: string) => BUILD_INPUTS.some((i) => file === i || file.startsWith(`${i}/`));
    const unaccounted = committed.filter((file) => !hashed(file) && !((file.split("/")[0] ?? file) in NOT_BUILT));
    expect(unaccounted).toEqual([]);
    expect(BUILD_INPUTS).toEqual(expect.arrayContaining(["messages", "proxy.ts", "instrumentation.ts"]));
  });
});
