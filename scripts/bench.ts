// `npm run bench`: the production build on a fresh embedded PostgreSQL holding 1,000 clients
// whose sessions have 20 assignments each, measured with autocannon at 32 connections. Every
// figure is also given as a ratio of two references measured in the same run: an empty route
// handler of the same build, and bare node:http + pg serving the same session detail.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { randomId } from "@/lib/ids";
import { rssOf, startBenchWorld, tokenFor } from "./lib/bench-world";
import { ROOT, ensureBuild, startNext } from "./lib/processes";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const log = (s: string) => {
  console.log(`▸ ${s}`);
};

log(
  `Starting a fresh embedded PostgreSQL (pg_stat_statements on) with ${CLIENTS} clients, each with a session of 20 assignments`,
);
const { db, p, sql, people, carer, sessions, sized } = await startBenchWorld(CLIENTS, [
  "-c",
  "shared_preload_libraries=pg_stat_statements",
]);
await sql.query("create extension if not exists pg_stat_statements");

log("Production build (skipped when the sources have not changed)");
await ensureBuild();
const nextPort = await freePort();
// BENCH_PROFILE=1 writes a CPU profile of the server to .data/profiles (open it in Chrome DevTools,
// or summarise it with `npx tsx scripts/profile-top.ts <file>`).
const nodeArgs = [
  ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
  ...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, ".data", "profiles")}`] : []),
];
const server = await startNext(
  nextPort,
  { DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "10", SECRET_KEY: randomId(40) },
  { quiet: true, nodeArgs },
);
const serverPid = server.child.pid ?? 0; // 0: no such process, so no memory to read
const barePort = await freePort();
const bare = spawn(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/lib/bare-server.ts")],
  {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(barePort),
      NODE_ENV: "production",
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "10",
    },
    stdio: "ignore",
  },
);
for (let i = 0; ; i++) {
  try {
    await fetch(`http://127.0.0.1:${barePort}/`);
    break;
  } catch {
    if (i > 100) throw new Error("bare server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const carerToken = (await tokenFor(server.url, people.carer)).access_token;
const staffToken = (await tokenFor(server.url, people.staff)).access_token;

let peakRss = 0;
let phasePeak = 0;
const sampler = setInterval(() => {
  const rss = rssOf(serverPid);
  peakRss = Math.max(peakRss, rss);
  phasePeak = Math.max(phasePeak, rss);
}, 100);

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };
type Load = {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  paths?: string[];
  bodyTemplate?: [string, string];
};

// wrk (C, light on the shared CPU) when installed; autocannon otherwise.
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

async function runWrk(base: string, l: Load, seconds: number): Promise<Omit<Row, "name">> {
  if (!WRK) throw new Error("wrk is not installed");
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, wrkScript(l));
  const out = await new Promise<string>((resolve, reject) => {
    const c = spawn(WRK, ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "10s", "-s", file, base + l.path]);
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

async function runAutocannon(base: string, l: Load, seconds: number): Promise<Omit<Row, "name">> {
  let n = 0;
  const r = await autocannon({
    url: base + l.path,
    method: l.method ?? "GET",
    headers: l.headers,
    duration: seconds,
    connections: CONNECTIONS,
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

const ONLY = process.env.BENCH_RUNS?.split(",");
async function load(name: string, base: string, l: Load): Promise<Row> {
  if (ONLY && !ONLY.some((o) => name.startsWith(o))) return { name, rps: NaN, p50: NaN, p99: NaN, errors: 0 };
  const run = WRK ? runWrk : runAutocannon;
  await run(base, l, 2); // warm-up
  phasePeak = 0;
  const row = { name, ...(await run(base, l, DURATION)) };
  log(
    `${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, server RSS peak ${phasePeak.toFixed(0)} MB`,
  );
  // Let queued requests drain before the next run measures anything.
  await new Promise((r) => setTimeout(r, 2000));
  return row;
}
const sessionPaths = sessions.map((s) => `/gateway/profile/caregiver/session/${s.id}`);
const auth = (t: string) => ({ authorization: `bearer ${t}`, offset: "1" });

log(`Load with ${WRK ? "wrk" : "autocannon"}: ${CONNECTIONS} connections, ${DURATION} s each`);
const empty = await load("empty route handler (Next.js ceiling)", server.url, { path: "/gateway/ping" });
const bareRead = await load("bare node:http + pg session read", `http://127.0.0.1:${barePort}`, {
  path: "/",
  headers: auth(carerToken),
  paths: sessionPaths,
});
const read = await load("session read (GET /gateway/profile/caregiver/session/{id})", server.url, {
  path: "/",
  headers: auth(carerToken),
  paths: sessionPaths,
});
const IMAGE_KB = Number(process.env.BENCH_IMAGE_KB ?? 200);
const image = Buffer.alloc(IMAGE_KB * 1024, 7);
Buffer.from("89504e470d0a1a0a", "hex").copy(image);
const imageData = image.toString("base64");
const create = await load(
  `client creation with a ${IMAGE_KB} KB image (POST /gateway/profile/clinic/client)`,
  server.url,
  {
    path: "/gateway/profile/clinic/client",
    method: "POST",
    headers: { ...auth(staffToken), "content-type": "application/json" },
    bodyTemplate: [
      `{"name":"Load",${IMAGE_KB ? `"imageExtension":"png","imageData":"${imageData}",` : ""}"caregiverList":[${carer.id}],"email":"load-`,
      `@bench.test"}`,
    ],
  },
);
clearInterval(sampler);

log("SQL statements per session read (pg_stat_statements)");
const statements: Record<number, number> = {};
for (const [count, id] of Object.entries(sized)) {
  await sql.query("select pg_stat_statements_reset()");
  const reads = 20;
  for (let i = 0; i < reads; i++) {
    const r = await fetch(`${server.url}/gateway/profile/caregiver/session/${id}`, { headers: auth(carerToken) });
    if (r.status !== 200) throw new Error(`session read answered ${r.status}`);
    await r.arrayBuffer();
  }
  const { rows } = await sql.query<{ calls: number }>(
    "select coalesce(sum(calls), 0)::int as calls from pg_stat_statements where query not ilike '%pg_stat_statements%' and dbid = (select oid from pg_database where datname = current_database())",
  );
  statements[Number(count)] = (rows[0]?.calls ?? 0) / reads;
}

const ratio = (a: Row, b: Row) => a.rps / b.rps;
console.log("\n=== Benchmark results ===");
console.log(
  `machine: ${(await import("node:os")).cpus().length} cores, Node ${process.version}; ${CLIENTS} clients × 20 assignments; ${CONNECTIONS} connections, ${DURATION} s per run`,
);
console.log("| run | req/s | p50 ms | p99 ms | errors | ÷ empty handler | ÷ bare node+pg |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const r of [empty, bareRead, read, create]) {
  console.log(
    `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${ratio(r, empty).toFixed(2)} | ${ratio(r, bareRead).toFixed(2)} |`,
  );
}
console.log(`peak server RSS: ${peakRss.toFixed(0)} MB`);
console.log(
  `SQL statements per session read: ${Object.entries(statements)
    .map(([k, v]) => `${v} with ${k} assignments`)
    .join(", ")}`,
);
console.log(
  "\nGoals: session read ≥ 0.60 of the empty handler with p99 < 50 ms; creation ≥ 0.30 of it; ≤ 3 statements per read; RSS < 400 MB.",
);
console.log(
  `  session read ${ratio(read, empty).toFixed(2)} ${ratio(read, empty) >= 0.6 ? "✔" : "✘"}, p99 ${read.p99} ms ${read.p99 < 50 ? "✔" : "✘"}; creation ${ratio(create, empty).toFixed(2)} ${ratio(create, empty) >= 0.3 ? "✔" : "✘"}; statements ${Math.max(...Object.values(statements))} ${Math.max(...Object.values(statements)) <= 3 ? "✔" : "✘"}; RSS ${peakRss.toFixed(0)} MB ${peakRss < 400 ? "✔" : "✘"}`,
);

bare.kill();
await server.stop();
await sql.end();
await p.$disconnect();
await db.stop();
process.exit(0);
