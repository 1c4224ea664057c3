// The operator's CLI (`npm run admin`) run as the operator runs it, a Node process of its own,
// against the test stack's database.
import { spawn } from "node:child_process";
import path from "node:path";
import { inject } from "vitest";
import { ROOT } from "../../../scripts/lib/processes";

export type Run = { code: number | null; stdout: string; stderr: string };

export function admin(...args: string[]): Promise<Run> {
  return adminRead(args, false);
}

/** The CLI with the operator's environment changed (`undefined` leaves a variable unset). */
export function adminWithEnv(env: Record<string, string | undefined>, ...args: string[]): Promise<Run> {
  return runCli(["--conditions=react-server", inject("adminCli")], args, false, env);
}

/** The CLI with `input` on its stdin, as the operator pipes a file into it. */
export function adminWithInput(input: string, ...args: string[]): Promise<Run> {
  return runCli(["--conditions=react-server", inject("adminCli")], args, false, {}, input);
}

/**
 * The CLI as `npm run admin` starts it, through tsx from its TypeScript source: slower (tsx's
 * start-up and compilation of every module, each time), so the tests run it once, to show that
 * entry works and prints what the bundle prints.
 */
export function adminThroughTsx(...args: string[]): Promise<Run> {
  return runCli(
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      "--conditions=react-server",
      path.join(ROOT, "scripts/admin.ts"),
    ],
    args,
    false,
  );
}

/**
 * Runs the CLI; with `slowReader`, its output is not read until it has exited or 5 s have passed,
 * as when the operator's pipe is slow: output the CLI still had queued when it exited is lost.
 * The CLI is the bundle the global setup made of its source (./admin-cli-bundle.ts), run by plain
 * `node` in a process of its own: argv in, stdout, stderr and exit status out.
 */
export function adminRead(args: string[], slowReader: boolean): Promise<Run> {
  return runCli(["--conditions=react-server", inject("adminCli")], args, slowReader);
}

function runCli(
  entry: string[],
  args: string[],
  slowReader: boolean,
  env: Record<string, string | undefined> = {},
  input?: string,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entry, ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: inject("databaseUrl"),
        SECRET_KEY: inject("secretKey"),
        NODE_OPTIONS: "",
        ...env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    // Without input, at its end at once, as stdin from /dev/null.
    child.stdin.end(input);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    if (slowReader) {
      child.stdout.pause();
      const resume = () => child.stdout.resume();
      child.on("exit", resume);
      setTimeout(resume, 5_000);
    }
    child.on("error", reject);
    child.on("close", (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}
