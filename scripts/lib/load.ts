// The benchmark's load generators: wrk (C, light on the shared CPU) when installed, autocannon
// otherwise. Each runs one Load against a base URL for some seconds and reports what it measured.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { randomId } from "@/lib/ids";

export type Measured = { rps: number; p50: number; p99: number; errors: number };
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

function wrkScript(l: Load): string {
  const headers = Object.entries(l.headers ?? {})
    .map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`)
    .join("\n");
  const request = l.paths
    ? `local paths = {${l.paths.map(lua).join(",")}}\nrequest = function() return wrk.format(${lua(l.method ?? "GET")}, paths[math.random(#paths)]) end`
    : l.bodyTemplate
      ? `local n = 0\nlocal nextid = 0\nfunction setup(thread) thread:set("tid", nextid); nextid = nextid + 1 end\nrequest = function() n = n + 1; return wrk.format("POST", ${lua(l.path)}, nil, ${lua(l.bodyTemplate[0] + randomId(8))} .. tid .. "-" .. n .. ${lua(l.bodyTemplate[1])}) end`
      : "";
  return `${headers}\n${request}\nfunction done(s, lat, req)\n  local e = s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout + s.errors.status\n  io.write(string.format("RESULT %f %f %f %d\\n", s.requests / (s.duration / 1e6), lat:percentile(50) / 1000, lat:percentile(99) / 1000, e))\nend\n`;
}

async function runWrk(base: string, l: Load, seconds: number, connections: number): Promise<Measured> {
  if (!WRK) throw new Error("wrk is not installed");
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, wrkScript(l));
  const out = await new Promise<string>((resolve, reject) => {
    const c = spawn(WRK, [
      "-t2",
      `-c${l.connections ?? connections}`,
      `-d${seconds}s`,
      "--timeout",
      "10s",
      "-s",
      file,
      base + l.path,
    ]);
    let o = "";
    c.stdout.on("data", (d: Buffer) => (o += d.toString()));
    c.stderr.on("data", (d: Buffer) => (o += d.toString()));
    c.on("close", () => {
      resolve(o);
    });
    c.on("error", reject);
  });
  const m = /RESULT (\S+) (\S+) (\S+) (\d+)/.exec(out);
  if (!m) throw new Error(`wrk printed no result:\n${out}`);
  return {
    rps: Number(m[1]),
    p50: Number(Number(m[2]).toFixed(1)),
    p99: Number(Number(m[3]).toFixed(1)),
    errors: Number(m[4]),
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
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

/** Runs `l` against `base` for `seconds` with `connections` (unless the load names its own). */
export const runLoad = (base: string, l: Load, seconds: number, connections: number) =>
  WRK ? runWrk(base, l, seconds, connections) : runAutocannon(base, l, seconds, connections);

export const LOAD_GENERATOR = WRK ? "wrk" : "autocannon";
