// The benchmark's load generators: wrk (C, light on the shared CPU) when installed, autocannon
// otherwise. Each runs one Load against a base URL for some seconds and reports what it measured.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { randomId } from "@/lib/ids";

export type Measured = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The load generator's own CPU in the run (wrk's user and system time; NaN for autocannon, which runs in this process). */
  generatorCpuMs: number;
};
export type Load = {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  paths?: string[];
  bodyTemplate?: [string, string];
  /** Each of several generators at once opens this many connections (all of them: one generator). */
  connections?: number;
};

const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((f) => existsSync(f));
const tmp = mkdtempSync(path.join(tmpdir(), "bench-"));
// JSON string literals are valid Lua string literals for the ASCII we send.
const lua = (s: string) => JSON.stringify(s);

// Prints what the benchmark reads back from wrk.
const WRK_DONE = `function done(s, lat, req)
  io.write(string.format("RESULT %f %f %f %d\\n", s.requests / (s.duration / 1e6), lat:percentile(50) / 1000, lat:percentile(99) / 1000, errors(s)))
end
`;

// Every script numbers wrk's threads (a creation's emails carry the number) and keeps them for
// done(), which counts wrk's errors of every kind as one.
const THREADS = `local nextid, threads = 0, {}
function setup(thread) thread:set("tid", nextid); nextid = nextid + 1; table.insert(threads, thread) end
local function errors(s) return s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout + s.errors.status end`;

function wrkScript(base: string, l: Load): string {
  // One fixed request is left to wrk, which formats it once; the others are made in Lua, each call.
  const fixed = !l.paths && !l.bodyTemplate;
  const requests = fixed
    ? Object.entries(l.headers ?? {}).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`)
    : [requestMaker(base, l, "make"), "request = make"];
  return [THREADS, ...requests, WRK_DONE].join("\n");
}

/**
 * Lua: `local function <fn>()` returning the next request of `l`, as wrk sends it: one of its paths
 * at random, each formatted once per thread and then sent as it is.
 */
function requestMaker(base: string, l: Load, fn: string): string {
  if (l.bodyTemplate) return uniqueBodies(base, l, l.bodyTemplate, fn);
  const headers = Object.entries(l.headers ?? {}).map(([k, v]) => `[${lua(k)}] = ${lua(v)}`);
  return [
    `local ${fn}_headers = {${headers.join(", ")}}`,
    `local ${fn}_paths = {${(l.paths ?? [l.path]).map(lua).join(",")}}`,
    `local ${fn}_requests = {}`,
    `local function ${fn}()
  local i = math.random(#${fn}_paths)
  local r = ${fn}_requests[i]
  if not r then r = wrk.format(${lua(l.method ?? "GET")}, ${fn}_paths[i], ${fn}_headers); ${fn}_requests[i] = r end
  return r
end`,
  ].join("\n");
}

/**
 * A request of its own for every call (a creation needs a new email each time), made in one
 * concatenation: the head and the body's start, a fixed-width number, the body's end. Through
 * `wrk.format` each request was two new strings of the body's size, and LuaJIT maps every string
 * of 128 KB or more afresh: with a 270 KB body wrk spent 0.54 ms of CPU per request on them (0.06
 * for a body sent unchanged), on the cores the server and PostgreSQL share; made in one piece,
 * 0.36 (2026-11-28, docs/performance.md, "The load generator's share").
 */
function uniqueBodies(base: string, l: Load, [start, end]: [string, string], fn: string): string {
  const { host } = new URL(base);
  const bodyStart = start + randomId(8);
  const numberWidth = "00-000000000".length; // thread, "-", request: string.format("%02d-%09d")
  const length = Buffer.byteLength(bodyStart) + numberWidth + Buffer.byteLength(end);
  const head = [
    `${l.method ?? "GET"} ${l.path} HTTP/1.1`,
    `Host: ${host}`,
    ...Object.entries(l.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    `Content-Length: ${length}`,
    "",
    "",
  ].join("\r\n");
  return [
    `local ${fn}_n = 0`,
    `local ${fn}_before = ${lua(head + bodyStart)}\nlocal ${fn}_after = ${lua(end)}`,
    `local function ${fn}() ${fn}_n = ${fn}_n + 1; return ${fn}_before .. string.format("%02d-%09d", tid, ${fn}_n) .. ${fn}_after end`,
  ].join("\n");
}

/** Runs wrk with `script` against `url`; its stdout, what it said on stderr, and its CPU in ms. */
async function spawnWrk(url: string, script: string, seconds: number, connections: number) {
  if (!WRK) throw new Error("wrk is not installed");
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, script);
  const { out, err } = await new Promise<{ out: string; err: string }>((resolve, reject) => {
    // bash's `times` prints wrk's user and system time after it ends.
    // LC_ALL=C: `times` writes its decimal point as the locale has it.
    const c = spawn(
      "bash",
      ["-c", '"$0" "$@"; times', WRK, "-t2", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", file, url],
      { env: { ...process.env, LC_ALL: "C" } },
    );
    // wrk's result and `times` on stdout, apart from what wrk may say on stderr.
    let o = "";
    let e = "";
    c.stdout.on("data", (d: Buffer) => (o += d.toString()));
    c.stderr.on("data", (d: Buffer) => (e += d.toString()));
    c.on("close", () => {
      resolve({ out: o, err: e });
    });
    c.on("error", reject);
  });
  // `times`: the shell's own user and system time, then its children's, as "0m1.234s 0m0.567s".
  const children = /\n(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(out);
  const generatorCpuMs = children
    ? (Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4])) * 1000
    : NaN;
  return { out, err, generatorCpuMs };
}

async function runWrk(base: string, l: Load, seconds: number, connections: number): Promise<Measured> {
  const { out, err, generatorCpuMs } = await spawnWrk(
    base + l.path,
    wrkScript(base, l),
    seconds,
    l.connections ?? connections,
  );
  const m = /RESULT (\S+) (\S+) (\S+) (\d+)/.exec(out);
  if (!m) throw new Error(`wrk printed no result:\n${out}${err}`);
  return {
    rps: Number(m[1]),
    p50: Number(Number(m[2]).toFixed(1)),
    p99: Number(Number(m[3]).toFixed(1)),
    errors: Number(m[4]),
    generatorCpuMs,
  };
}

/** A request of `l` as autocannon sends it: one of its paths, or a body of its own. */
function autocannonRequester(l: Load): (req: autocannon.Request) => autocannon.Request {
  let n = 0;
  const { method = "GET", headers = {} } = l;
  return (req) => ({
    ...req,
    method,
    headers,
    path: l.paths ? (l.paths[Math.floor(Math.random() * l.paths.length)] ?? l.path) : l.path,
    ...(l.bodyTemplate && { body: `${l.bodyTemplate[0]}${randomId(8)}-${n++}${l.bodyTemplate[1]}` }),
  });
}

const autocannonErrors = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;

async function runAutocannon(base: string, l: Load, seconds: number, connections: number): Promise<Measured> {
  const r = await autocannon({
    url: base + l.path,
    duration: seconds,
    connections: l.connections ?? connections,
    requests: [{ setupRequest: autocannonRequester(l) }],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: autocannonErrors(r),
    generatorCpuMs: NaN,
  };
}

/** Runs `l` against `base` for `seconds` with `connections` (unless the load names its own). */
export const runLoad = (base: string, l: Load, seconds: number, connections: number) =>
  WRK ? runWrk(base, l, seconds, connections) : runAutocannon(base, l, seconds, connections);

export const LOAD_GENERATOR = WRK ? "wrk" : "autocannon";

// Two loads in turn on the same connections, each for WINDOW_MS at a time by a clock every thread
// of the generator reads, so that both meet the machine at the same speed: the host of 2026-11-28
// switches between two speeds every 5 to 30 s, and two runs 12 s apart could meet either. A
// window's first GUARD_MS are not counted, since the other load's requests still under way then
// (the session read's p99 was 150 to 300 ms) finish in them (docs/performance.md, "Interleaved").
const WINDOW_MS = 1500;
const GUARD_MS = 500;
const windowOf = (ms: number) => Math.floor(ms / WINDOW_MS);
const counted = (ms: number) => ms - windowOf(ms) * WINDOW_MS >= GUARD_MS;

/** What two loads measured in turn: each one's rate over its windows, and each cycle's counts. */
export type Interleaved = {
  /** Requests per second of each load over the counted part of its windows. */
  rps: [number, number];
  /** Each whole cycle (a window of the first load, then one of the second): the requests counted in each. */
  cycles: [number, number][];
  errors: number;
};

/** Window counts (window number → requests answered in its counted part) as whole cycles and rates. */
function interleavedOf(counts: Map<number, number>, errors: number): Interleaved {
  const windows = [...counts.keys()];
  const [first, last] = [Math.min(...windows), Math.max(...windows)];
  const cycles: [number, number][] = [];
  // The run's first and last windows are cut short, so neither is part of a cycle.
  for (let w = first + 1; w + 1 <= last - 1; w++) {
    if (w % 2 === 0) cycles.push([counts.get(w) ?? 0, counts.get(w + 1) ?? 0]);
  }
  if (cycles.length === 0) throw new Error(`an interleaved run needs at least ${(4 * WINDOW_MS) / 1000} s`);
  const seconds = (cycles.length * (WINDOW_MS - GUARD_MS)) / 1000;
  const sum = (i: 0 | 1) => cycles.reduce((n, c) => n + c[i], 0);
  return { rps: [sum(0) / seconds, sum(1) / seconds], cycles, errors };
}

const CLOCK = `local ffi = require("ffi")
ffi.cdef[[ typedef struct { long tv_sec; long tv_nsec; } bench_timespec; int clock_gettime(int, bench_timespec *); ]]
local ts = ffi.new("bench_timespec")
-- CLOCK_REALTIME in ms, the clock Date.now() reads; every thread of wrk agrees on it.
local function now() ffi.C.clock_gettime(0, ts); return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6 end`;

function interleavedScript(base: string, a: Load, b: Load): string {
  return [
    THREADS,
    CLOCK,
    requestMaker(base, a, "make_a"),
    requestMaker(base, b, "make_b"),
    `local W, GUARD = ${WINDOW_MS}, ${GUARD_MS}`,
    `request = function() if math.floor(now() / W) % 2 == 0 then return make_a() end return make_b() end`,
    `counts = {}`,
    `function response(status)
  local t = now()
  local w = math.floor(t / W)
  if t - w * W >= GUARD then counts[w] = (counts[w] or 0) + 1 end
end`,
    `function done(s)
  local all = {}
  for _, t in ipairs(threads) do
    for w, n in pairs(t:get("counts")) do all[w] = (all[w] or 0) + n end
  end
  local out = {}
  for w, n in pairs(all) do table.insert(out, string.format("%d:%d", w, n)) end
  io.write("INTERLEAVED " .. errors(s) .. " " .. table.concat(out, " ") .. "\\n")
end`,
  ].join("\n");
}

/** Runs `a` and `b` in turn on the same connections for `seconds` (see WINDOW_MS). */
export async function runInterleaved(
  base: string,
  a: Load,
  b: Load,
  seconds: number,
  connections: number,
): Promise<Interleaved> {
  const counts = new Map<number, number>();
  if (WRK) {
    const { out, err } = await spawnWrk(base + a.path, interleavedScript(base, a, b), seconds, connections);
    const m = /INTERLEAVED (\d+) ([\d: ]*)/.exec(out);
    if (!m) throw new Error(`wrk printed no result:\n${out}${err}`);
    for (const pair of (m[2] ?? "").split(" ").filter(Boolean)) {
      const [w, n] = pair.split(":").map(Number);
      if (w !== undefined && n !== undefined) counts.set(w, n);
    }
    return interleavedOf(counts, Number(m[1]));
  }
  const [requestA, requestB] = [autocannonRequester(a), autocannonRequester(b)];
  const r = await autocannon({
    url: base + a.path,
    duration: seconds,
    connections,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => (windowOf(Date.now()) % 2 === 0 ? requestA(req) : requestB(req)),
        onResponse: () => {
          const t = Date.now();
          const w = windowOf(t);
          if (counted(t)) counts.set(w, (counts.get(w) ?? 0) + 1);
        },
      },
    ],
  });
  return interleavedOf(counts, autocannonErrors(r));
}
