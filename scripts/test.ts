// `npm test`: lint, then the API, domain and unit tests (vitest), then the browser tests
// (Playwright); the first that fails ends the run with its exit status. The production build that
// both test runners serve is made while lint runs, not after it: ESLint keeps one core busy and the
// build little more than one, so on two cores the pair takes about as long as the build alone.
// Both runners' global setups then find the build fresh (scripts/lib/processes.ts, ensureBuild).
import { spawn } from "node:child_process";
import { ROOT, ensureBuild } from "./lib/processes";

function npmRun(script: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", script], { cwd: ROOT, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => {
      resolve(code ?? 1);
    });
  });
}

const build = ensureBuild().then(
  () => undefined,
  (e: unknown) => e,
);
const lint = await npmRun("lint");
const buildFailure = await build;
if (lint !== 0) process.exit(lint);
if (buildFailure !== undefined) {
  console.error(buildFailure);
  process.exit(1);
}
for (const script of ["test:api", "test:e2e"]) {
  const status = await npmRun(script);
  if (status !== 0) process.exit(status);
}
