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
  local e = s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout + s.errors.status
  io.write(string.format("RESULT %f %f %f %d\\n", s.requests / (s.duration / 1e6), lat:percentile(50) / 1000, lat:percentile(99) / 1000, e))
end
`;

function wrkScript(base: string, l: Load): string {
  return `${l.bodyTemplate ? uniqueBodies(base, l, l.bodyTemplate) : givenRequests(l)}\n${WRK_DONE}`;
}

/** The load's headers, and a random one of its paths for each request when it names several. */
function givenRequests(l: Load): string {
  const headers = Object.entries(l.headers ?? {}).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`);
  if (!l.paths) return headers.join("\n");
  return [
    ...headers,
    `local paths = {${l.paths.map(lua).join(",")}}`,
    `request = function() return wrk.format(${lua(l.method ?? "GET")}, paths[math.random(#paths)]) end`,
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
function uniqueBodies(base: string, l: Load, [start, end]: [string, string]): string {
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
    `local n = 0\nlocal nextid = 0`,
    `function setup(thread) thread:set("tid", nextid); nextid = nextid + 1 end`,
    `local before = ${lua(head + bodyStart)}\nlocal after = ${lua(end)}`,
    `request = function() n = n + 1; return before .. string.format("%02d-%09d", tid, n) .. after end`,
  ].join("\n");
}

async function runWrk(base: string, l: Load, seconds: number, connections: number): Promise<Measured> {
  if (!WRK) throw new Error("wrk is not installed");
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, wrkScript(base, l));
  const { out, err } = await new Promise<{ out: string; err: string }>((resolve, reject) => {
    // bash's `times` prints wrk's user and system time after it ends.
    // LC_ALL=C: `times` writes its decimal point as the locale has it.
    const c = spawn(
      "bash",
      [
        "-c",
        '"$0" "$@"; times',
        WRK,
        "-t2",
        `-c${l.connections ?? connections}`,
        `-d${seconds}s`,
        "--timeout",
        "10s",
        "-s",
        file,
        base + l.path,
      ],
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
  const m = /RESULT (\S+) (\S+) (\S+) (\d+)/.exec(out);
  if (!m) throw new Error(`wrk printed no result:\n${out}${err}`);
  // `times`: the shell's own user and system time, then its children's, as "0m1.234s 0m0.567s".
  const children = /\n(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(out);
  const generatorCpuMs = children
    ? (Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4])) * 1000
    : NaN;
  return {
    rps: Number(m[1]),
    p50: Number(Number(m[2]).toFixed(1)),
    p99: Number(Number(m[3]).toFixed(1)),
    errors: Number(m[4]),
    generatorCpuMs,
  };
}

async function runAutocannon(base: string, l: Load, seconds: number, connections: number): Promise<Measured> {
  let n = 0;
  const r = await autocannon({
    url: base + l.path,
    method: l.method ?? "GET",
    headers: l.headers,
    duration: seconds,
    connections: l.connections ?? connections,
    requests: [
      {
        setupRequest: (req: autocannon.Request) =>
          l.paths
            ? { ...req, path: l.paths[Math.floor(Math.random() * l.paths.length)] }
            : l.bodyTemplate
              ? { ...req, body: `${l.bodyTemplate[0]}${randomId(8)}-${n++}${l.bodyTemplate[1]}` }
              : req,
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    generatorCpuMs: NaN,
  };
}

/** Runs `l` against `base` for `seconds` with `connections` (unless the load names its own). */
export const runLoad = (base: string, l: Load, seconds: number, connections: number) =>
  WRK ? runWrk(base, l, seconds, connections) : runAutocannon(base, l, seconds, connections);

export const LOAD_GENERATOR = WRK ? "wrk" : "autocannon";
