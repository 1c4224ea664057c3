// Child processes of the start script, the test suite and the benchmark: migrations, the Next.js
// build and server. Output is passed through only when asked, so test logs stay readable.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

/**
 * The arguments to this node of a package.json script that node runs itself (`npm start`, `npm run
 * worker`: docs/RELIABILITY.md, "Found by CI runs"), so that what spawns it runs what npm runs.
 */
export function nodeScriptArgs(name: "start" | "worker"): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = (scripts[name] ?? "").split(" ");
  if (command !== "node") throw new Error(`npm run ${name} is not a node command: ${scripts[name] ?? "none"}`);
  return args;
}

export function run(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
  opts: { quiet?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (!opts.quiet) process.stdout.write(d);
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString();
      if (!opts.quiet) process.stderr.write(d);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(cmd)} ${args.join(" ")} exited with ${code}\n${out.slice(-4000)}`));
    });
  });
}

/**
 * Applies the committed migrations with Prisma's own CLI (offline, through our schema engine), then
 * the job queue's own schema (graphile-worker's `graphile_worker` schema, versioned by the library).
 */
export async function migrateDeploy(databaseUrl: string, quiet = true): Promise<void> {
  await run(bin("prisma"), ["migrate", "deploy"], { DATABASE_URL: databaseUrl }, { quiet });
  await run(bin("graphile-worker"), ["--schema-only"], { DATABASE_URL: databaseUrl }, { quiet });
}

export const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  // The pages' and emails' words, and the files Next.js builds from the project's root.
  "messages",
  "instrumentation.ts",
  "proxy.ts",
  "public",
  "next.config.js",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "prisma/schema.prisma",
  // The build's own recipe (`npm run build`: scripts/build.ts) and its step after `next build`.
  "package.json",
  "scripts/build.ts",
  "scripts/compile-hints.ts",
];
const HASH_FILE = path.join(ROOT, ".next", "source-hash");

/** A hash of everything the production build is made from. */
export function sourceHash(): string {
  const h = createHash("sha256");
  const walk = (p: string) => {
    if (!existsSync(p) || p.includes(`${path.sep}generated`)) return;
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) walk(path.join(p, e));
    else h.update(p).update(readFileSync(p));
  };
  for (const i of BUILD_INPUTS) walk(path.join(ROOT, i));
  return h.digest("hex");
}

/** True when .next holds a production build of exactly the current sources. */
export function buildIsFresh(): boolean {
  return (
    existsSync(path.join(ROOT, ".next", "BUILD_ID")) &&
    existsSync(HASH_FILE) &&
    readFileSync(HASH_FILE, "utf8") === sourceHash()
  );
}

/** Marks .next as built from the sources whose hash (taken before the build began) is `hash`. */
export const recordBuild = (hash: string) => {
  writeFileSync(HASH_FILE, hash);
};

/** Builds for production (`npm run build`, which records its sources) unless the last build was made from the same ones. */
export async function ensureBuild(opts: { quiet?: boolean } = {}) {
  if (buildIsFresh()) return false;
  await run("npm", ["run", "build"], { NEXT_TELEMETRY_DISABLED: "1" }, { quiet: opts.quiet ?? true });
  return true;
}

export type RunningServer = { url: string; child: ChildProcess; stop: () => Promise<void> };

/**
 * V8 limits of the server process. A capped old space keeps the server under 400 MB RSS under
 * load (uncapped, V8 lets it grow past 500 MB); a young generation larger than V8's default wins
 * back most of the throughput the cap costs. 16 MB semi-spaces rather than 32: under 32 client
 * creations at once, 32 MB peaked at 373 to 418 MB of RSS, 16 MB at 324 to 345 MB, for the same
 * throughput within this machine's drift (2026-11-26). The old generation may grow by 55 % of
 * what a full collection left before the next one starts: at V8's own factor the server's heap was
 * marked whole 54 to 59 times in one client creation run's 12 seconds. 55 % rather than 40 since
 * one route file serves the gateway: its heap is smaller, so the same percentage brings the next
 * collection sooner (the creation's CPU at 40, 50 and 55 % differed by less than the runs' spread);
 * 60 % put the peak RSS near or past 400 MB (2026-11-27). The settings' runs: docs/performance.md,
 * Memory, "Full collections during creation" and "One route for the gateway".
 */
export const SERVER_NODE_OPTIONS =
  process.env.SERVER_NODE_OPTIONS ?? "--max-old-space-size=320 --max-semi-space-size=16 --heap-growing-percent=55";

/**
 * Waits (60 s at most) until the server `child` runs answers `url` as `ready` says (by default
 * 200); fails at once when the process exits.
 */
export async function waitForServer(
  url: string,
  child: ChildProcess,
  ready: (status: number) => boolean = (status) => status === 200,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if (ready((await fetch(url)).status)) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer in 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts the production server and resolves once /gateway/health answers 200. */
export async function startNext(
  port: number,
  env: Record<string, string>,
  opts: { quiet?: boolean; nodeArgs?: string[]; host?: string; onOutput?: (line: string) => void } = {},
): Promise<RunningServer> {
  // Our server around Next.js's handler (not `next start`): it takes the client's address from the
  // connection and trusts forwarding headers only from TRUSTED_PROXIES (see scripts/lib/server.mjs).
  const args = [
    ...SERVER_NODE_OPTIONS.split(" ").filter(Boolean),
    ...(opts.nodeArgs ?? []),
    path.join(ROOT, "scripts/lib/server.mjs"),
    String(port),
    opts.host ?? "127.0.0.1",
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env, NODE_ENV: "production" },
    stdio: ["ignore", opts.onOutput ? "pipe" : opts.quiet ? "ignore" : "inherit", opts.onOutput ? "pipe" : "inherit"],
  });
  const { onOutput } = opts;
  if (onOutput) {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream?.on("data", (d: Buffer) => {
        const lines = (rest + d.toString("utf8")).split("\n");
        rest = lines.pop() ?? "";
        lines.forEach(onOutput);
      });
    }
  }
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${url}/gateway/health`, child);
  } catch (e) {
    // A server that never answered is not left running.
    await stopChild(child);
    throw e;
  }
  return { url, child, stop: () => stopChild(child) };
}

/**
 * Stops a child process: SIGTERM, then SIGKILL if it is still running 5 s later. Resolves at once
 * for one that has already ended, by its exit code or by a signal (the OOM killer's), whose exit
 * event will not come again.
 */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once("exit", () => {
      resolve();
    });
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

export type RunningWorker = { child: ChildProcess; stop: () => Promise<void> };

/** A separate job-worker process (`scripts/worker.ts`), as a larger deployment runs it. */
export function startWorker(env: Record<string, string>, opts: { quiet?: boolean } = {}): RunningWorker {
  const child = spawn(process.execPath, nodeScriptArgs("worker"), {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: "production" },
    stdio: ["ignore", opts.quiet ? "ignore" : "inherit", "inherit"],
  });
  return { child, stop: () => stopChild(child) };
}
