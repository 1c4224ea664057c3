// `npm run bench`: the production build on a fresh embedded PostgreSQL holding 1,000 clients
// whose sessions have 20 assignments each, measured with wrk (autocannon without it) at 32
// connections. Every figure is also given as a ratio of two references measured in the same run:
// an empty route handler of the same build (for each run that has a goal, loaded in turn with it
// in one run, 1.5 s each), and bare node:http + pg serving the same session detail. Each run also
// says where the CPU went: the server's, PostgreSQL's and wrk's milliseconds per request. The
// server has a core of its own, PostgreSQL and wrk the other, as in a deployment; each goal is also
// measured with every process on both cores. The last run puts two server instances on the one
// database (docs/scale-out.md).
import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { randomId } from "@/lib/ids";
import { cpuMsOf, postgresCpuMs, postgresPids, rssOf, startBenchWorld, tokenFor } from "./lib/bench-world";
import { canPlaceApart, place, type Placement } from "./lib/cores";
import { LOAD_GENERATOR, runInterleaved, runLoad, type Interleaved, type Load } from "./lib/load";
import { median } from "./lib/median";
import { ROOT, ensureBuild, startNext, waitForServer } from "./lib/processes";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const INTERLEAVED_SECONDS = Number(process.env.BENCH_INTERLEAVED_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const log = (s: string) => {
  console.log(`▸ ${s}`);
};

// The build first: a build that fails then leaves no database running behind it.
log("Production build (skipped when the sources have not changed)");
await ensureBuild();
log(
  `Starting a fresh embedded PostgreSQL (pg_stat_statements on) with ${CLIENTS} clients, each with a session of 20 assignments`,
);
const { db, dataDir, p, sql, people, carer, sessions, sized } = await startBenchWorld(CLIENTS, [
  "-c",
  "shared_preload_libraries=pg_stat_statements",
]);
await sql.query("create extension if not exists pg_stat_statements");

const nextPort = await freePort();
// BENCH_PROFILE=1 writes a CPU profile of the server to .data/profiles (open it in Chrome DevTools,
// or summarise it run by run with `npx tsx scripts/profile-top.ts <file> --by-run`). BENCH_VERBOSE=1
// shows the server's output, its log lines and what BENCH_NODE_ARGS asks of V8 (`--trace-gc-nvp`).
const nodeArgs = [
  ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
  ...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, ".data", "profiles")}`] : []),
];
const server = await startNext(
  nextPort,
  { DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "10", SECRET_KEY: randomId(40) },
  { quiet: !process.env.BENCH_VERBOSE, nodeArgs },
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
// Any answer will do: it serves the session detail only, and says 404 to the rest.
await waitForServer(`http://127.0.0.1:${barePort}/`, bare, () => true);

// The runs, as a deployment has it: the server (and the bare one) on a core of its own, PostgreSQL
// and wrk on the other. Each goal is also measured in turn with the empty handler with every
// process on both cores, the placement of the runs before 2026-11-28 11:30 UTC (scripts/lib/cores.ts).
const APART = canPlaceApart();
const servers = [serverPid, bare.pid ?? 0];
const placeAll = (placement: Placement) => {
  if (APART) place(placement, servers, postgresPids(dataDir));
};
placeAll("apart");

const carerToken = (await tokenFor(server.url, people.carer)).access_token;
const staffToken = (await tokenFor(server.url, people.staff)).access_token;
const clientToken = (await tokenFor(server.url, people.client)).access_token;
const outsiderToken = (await tokenFor(server.url, people.outsider)).access_token;

let peakRss = 0;
let phasePeak = 0;
const sampler = setInterval(() => {
  const rss = rssOf(serverPid);
  peakRss = Math.max(peakRss, rss);
  phasePeak = Math.max(phasePeak, rss);
}, 100);

type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU per request: the server process's (or processes'), and PostgreSQL's. */
  serverMs: number;
  postgresMs: number;
  /** The load generator's CPU per request (wrk's; NaN under autocannon). */
  generatorMs: number;
  /** For the runs with a goal: the empty handler and this load in turn, in one run. */
  interleaved?: Interleaved;
  /** The same with every process on both cores (when the runs had the server on a core of its own). */
  sharedCores?: Interleaved;
};
const ONLY = process.env.BENCH_RUNS?.split(",");
const wanted = (name: string) => !ONLY || ONLY.some((o) => name.startsWith(o));
const skipped = (name: string): Row => ({
  name,
  rps: NaN,
  p50: NaN,
  p99: NaN,
  errors: 0,
  serverMs: NaN,
  postgresMs: NaN,
  generatorMs: NaN,
});
const ratio = (a: Row, b: Row) => a.rps / b.rps;
/** A goal's ratio as its interleaved run measured it; the other runs' to the first empty handler. */
const toEmpty = (r: Row) => (r.interleaved ? inTurn(r.interleaved) : ratio(r, empty));
const inTurn = (m: Interleaved) => m.rps[1] / m.rps[0];
const cycleRatios = (m: Interleaved) => m.cycles.map(([a, b]) => b / a).sort((x, y) => x - y);
/** `measure`, when BENCH_RUNS names the run (every run without it). */
async function load(name: string, bases: string | string[], l: Load, pids = [serverPid]): Promise<Row> {
  return wanted(name) ? measure(name, bases, l, pids) : skipped(name);
}
/** Loads each base with a generator of its own, all at once (one base: the usual run); figures are summed. */
async function measure(name: string, bases: string | string[], l: Load, pids = [serverPid]): Promise<Row> {
  const run = (b: string, seconds: number) => runLoad(b, l, seconds, CONNECTIONS);
  const all = [bases].flat();
  await Promise.all(all.map((b) => run(b, 2))); // warm-up
  phasePeak = 0;
  const serverCpu = () => pids.reduce((ms, pid) => ms + cpuMsOf(pid), 0);
  const [server0, postgres0] = [serverCpu(), postgresCpuMs(dataDir)];
  const parts = await Promise.all(all.map((b) => run(b, DURATION)));
  const rps = parts.reduce((n, r) => n + r.rps, 0);
  const requests = rps * DURATION;
  const row: Row = {
    name,
    rps,
    p50: Math.max(...parts.map((r) => r.p50)),
    p99: Math.max(...parts.map((r) => r.p99)),
    errors: parts.reduce((n, r) => n + r.errors, 0),
    serverMs: (serverCpu() - server0) / requests,
    postgresMs: (postgresCpuMs(dataDir) - postgres0) / requests,
    generatorMs: parts.reduce((ms, r) => ms + r.generatorCpuMs, 0) / requests,
  };
  log(
    `${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}; CPU per request: server ${row.serverMs.toFixed(2)} ms, PostgreSQL ${row.postgresMs.toFixed(2)} ms, load generator ${Number.isNaN(row.generatorMs) ? "not measured (autocannon runs in this process)" : `${row.generatorMs.toFixed(2)} ms`}; server RSS peak ${phasePeak.toFixed(0)} MB`,
  );
  await settle();
  return row;
}
/** Lets queued requests drain, then does the upkeep a load left to PostgreSQL. */
async function settle() {
  await new Promise((r) => setTimeout(r, 2000));
  // Autovacuum wakes once a minute, so the next run might start before or after it: done now, so
  // that the next run is not billed for it. Right after the 2,400 creations, the feedback-due list
  // cost PostgreSQL 2.6 ms without it and 1.6 with it (2026-11-26).
  await sql.query("checkpoint");
  await sql.query("vacuum (analyze)");
}
// This machine's speed drifts: by a third within minutes on the host of 2026-11-27, and on that of
// 2026-11-28 between two speeds 1.65 times apart, each held for 5 to 30 s (a loop timed every 70
// ms). Two runs 12 s apart could meet either speed: pairs of them, the empty handler just before
// the goal's run, put the same read at 0.37 to 0.72 of it. So each goal's ratio comes from one run
// that loads the empty handler and the goal in turn, 1.5 s each (BENCH_INTERLEAVED_SECONDS in all),
// and the goal's own run gives its latency and the CPU per request (docs/performance.md,
// "Interleaved").
async function withReference(name: string, base: string, l: Load): Promise<Row> {
  if (!wanted(name)) return skipped(name);
  const row = await measure(name, base, l);
  const inTurnWithEmpty = async (placement: string) => {
    const mix = await runInterleaved(base, PING, l, INTERLEAVED_SECONDS, CONNECTIONS);
    const ratios = cycleRatios(mix);
    log(
      `  in turn with the empty handler${placement}: ${mix.rps[0].toFixed(0)} and ${mix.rps[1].toFixed(0)} req/s (${inTurn(mix).toFixed(3)}), ${mix.cycles.length} cycles from ${ratios[0]?.toFixed(2)} to ${ratios.at(-1)?.toFixed(2)}, errors ${mix.errors}`,
    );
    await settle();
    return mix;
  };
  const interleaved = await inTurnWithEmpty(APART ? ", the server on a core of its own" : "");
  let sharedCores: Interleaved | undefined;
  if (APART) {
    placeAll("shared");
    sharedCores = await inTurnWithEmpty(", every process on both cores");
    placeAll("apart");
  }
  return { ...row, errors: row.errors + interleaved.errors + (sharedCores?.errors ?? 0), interleaved, sharedCores };
}
const sessionPaths = sessions.map((s) => `/gateway/profile/caregiver/session/${s.id}`);
const auth = (t: string) => ({ authorization: `bearer ${t}`, offset: "1" });
const bareUrl = `http://127.0.0.1:${barePort}`;
const OWN_LIST = "/gateway/profile/client/assignment?time-state=RUNNING&size=20";
const FEEDBACK_DUE = "/gateway/profile/caregiver/assignment?size=20";
// The reads as the runs, the warm-up and the two instances load them.
const PING: Load = { path: "/gateway/ping" };
const READ: Load = { path: "/", headers: auth(carerToken), paths: sessionPaths };
const OWN_LIST_READ: Load = { path: OWN_LIST, headers: auth(clientToken) };
const FEEDBACK_DUE_READ: Load = { path: FEEDBACK_DUE, headers: auth(carerToken) };

log(`Load with ${LOAD_GENERATOR}: ${CONNECTIONS} connections, ${DURATION} s each`);
// A server that has just started is not yet the one that serves all day: on a fresh server the
// first run of the read measured 634 req/s at 1.65 ms of server CPU each, the next two 718 and
// 720 at 1.47 and 1.48, against empty handlers of 1,208 to 1,260 req/s (2026-11-27). So the empty
// handler, the bare server and the reads with a goal are loaded first, untimed; the writes are not
// (their rows would change what the lists read), and each run keeps its own two seconds.
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
if (WARM_UP > 0) {
  log(`Warm-up: the empty handler, the bare server and the reads with a goal, ${WARM_UP} s each, untimed`);
  const warmUps: [string, Load][] = [
    [server.url, PING],
    [bareUrl, READ],
    [server.url, READ],
    [server.url, OWN_LIST_READ],
    [server.url, FEEDBACK_DUE_READ],
  ];
  for (const [base, l] of warmUps) await runLoad(base, l, WARM_UP, CONNECTIONS);
  await settle();
}
const empty = await load("empty route handler (Next.js ceiling)", server.url, PING);
const bareRead = await load("bare node:http + pg session read", bareUrl, READ, [bare.pid ?? 0]);
const read = await withReference("session read (GET /gateway/profile/caregiver/session/{id})", server.url, READ);
const IMAGE_KB = Number(process.env.BENCH_IMAGE_KB ?? 200);
// A creation that opens the client's first session too (as the new-client form may) runs in a
// transaction: round trips between the body's check and the insert, where other bodies are read.
const FIRST_SESSION = Boolean(process.env.BENCH_FIRST_SESSION);
const image = Buffer.alloc(IMAGE_KB * 1024, 7);
Buffer.from("89504e470d0a1a0a", "hex").copy(image);
const imageData = image.toString("base64");
/** The created clients' emails: these two around a number of each request's own. */
const LOAD_EMAIL = ["load-", "@bench.test"] as const;
const create = await withReference(
  `client creation with a ${IMAGE_KB} KB image${FIRST_SESSION ? " and a first session" : ""} (POST /gateway/profile/clinic/client)`,
  server.url,
  {
    path: "/gateway/profile/clinic/client",
    method: "POST",
    headers: { ...auth(staffToken), "content-type": "application/json" },
    bodyTemplate: [
      `{"name":"Load",${IMAGE_KB ? `"imageExtension":"png","imageData":"${imageData}",` : ""}"caregiverList":[${carer.id}],${FIRST_SESSION ? `"session":{"caregiverId":${carer.id}},` : ""}"email":"${LOAD_EMAIL[0]}`,
      `${LOAD_EMAIL[1]}"}`,
    ],
  },
);
// The lists read the world as built: the creation's pairs add thousands of clients to the
// caregiver's care team (2,400 when it was one run), whose rule the feedback-due list applies to
// every client on the team, so a faster creation made the list's run slower.
const { rowCount: deleted } = await sql.query(
  `with made as (select id from "Client" where email like $1),
        gone as (delete from "CareTeamMember" where "clientId" in (select id from made)),
        opened as (delete from "Session" where "clientId" in (select id from made))
   delete from "Client" where id in (select id from made)`,
  [LOAD_EMAIL.join("%")],
);
log(`${deleted ?? 0} clients the creation made deleted before the lists' runs`);
await settle();
const ownList = await withReference(
  "client's assignment list (GET /gateway/profile/client/assignment)",
  server.url,
  OWN_LIST_READ,
);
const feedbackDue = await withReference(
  "feedback-due list (GET /gateway/profile/caregiver/assignment)",
  server.url,
  FEEDBACK_DUE_READ,
);
// The same list of a caregiver of the clinic with no client and so nothing waiting: its page must
// not walk the clinic's 7,000 waiting assignments of others to find that (no goal of its own).
const feedbackDueNone = await withReference("feedback-due list, a caregiver with nothing waiting", server.url, {
  path: FEEDBACK_DUE,
  headers: auth(outsiderToken),
});

// Scale-out: a second instance of the same build on the same database, each loaded by a generator
// of its own with half the connections. On 2 cores the instances share the CPU with PostgreSQL
// (every process on both cores), so this shows what the database costs per request and how many
// connections it holds, not what more cores would add (docs/scale-out.md).
placeAll("shared");
const second = await startNext(
  await freePort(),
  { DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "10", SECRET_KEY: randomId(40) },
  { quiet: true },
);
const twoInstances = await load(
  "session read, two instances on one database",
  [server.url, second.url],
  { ...READ, connections: Math.ceil(CONNECTIONS / 2) },
  [serverPid, second.child.pid ?? 0],
);
const { rows: backends } = await sql.query<{ n: number }>(
  "select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'",
);
await second.stop();
clearInterval(sampler);

log("SQL statements per read (pg_stat_statements)");
/** The statements the database ran per request, over 20 requests of `path`. */
async function statementsPer(path: string, token: string): Promise<number> {
  await sql.query("select pg_stat_statements_reset()");
  const reads = 20;
  for (let i = 0; i < reads; i++) {
    const r = await fetch(server.url + path, { headers: auth(token) });
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
    await r.arrayBuffer();
  }
  const { rows } = await sql.query<{ calls: number }>(
    "select coalesce(sum(calls), 0)::int as calls from pg_stat_statements where query not ilike '%pg_stat_statements%' and dbid = (select oid from pg_database where datname = current_database())",
  );
  return (rows[0]?.calls ?? 0) / reads;
}
const statements: Record<string, number> = {};
for (const [count, id] of Object.entries(sized))
  statements[`session read, ${count} assignments`] = await statementsPer(
    `/gateway/profile/caregiver/session/${id}`,
    carerToken,
  );
statements["client's assignment list"] = await statementsPer(OWN_LIST, clientToken);
statements["feedback-due list"] = await statementsPer(FEEDBACK_DUE, carerToken);

console.log("\n=== Benchmark results ===");
console.log(
  `machine: ${(await import("node:os")).cpus().length} cores, Node ${process.version}; ${CLIENTS} clients × 20 assignments; ${CONNECTIONS} connections, ${DURATION} s per run; each goal's ratio from ${INTERLEAVED_SECONDS} s of it in turn with the empty handler; ${APART ? "the server on a core of its own, PostgreSQL and wrk on the other (two instances: every process on both cores)" : "every process on every core"}`,
);
const goals = new Map<Row, number>([
  [read, 0.6],
  [create, 0.3],
  [ownList, 0.5],
  [feedbackDue, 0.5],
]);
const mark = (ok: boolean) => (ok ? "✔" : "✘");
console.log(
  "| run | req/s | p50 ms | p99 ms | errors | server CPU ms/req | PostgreSQL CPU ms/req | load generator CPU ms/req | ÷ empty handler | ÷ bare node+pg | goal |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
for (const r of [empty, bareRead, read, create, ownList, feedbackDue, feedbackDueNone, twoInstances]) {
  const goal = goals.get(r);
  const p99Goal = r === read ? `; p99 < 100 ms ${mark(r.p99 < 100)}` : "";
  const verdict = goal ? `≥ ${goal.toFixed(2)} ${mark(toEmpty(r) >= goal)}${p99Goal} ` : "";
  const m = r.interleaved;
  const spread = m && cycleRatios(m);
  const neighbour =
    m && spread
      ? `(in turn with the empty handler: ${m.rps[0].toFixed(0)} and ${m.rps[1].toFixed(0)} req/s; ${m.cycles.length} cycles, each from ${spread[0]?.toFixed(2)} to ${spread.at(-1)?.toFixed(2)}, median ${median(spread).toFixed(2)}${r.sharedCores ? `; every process on both cores: ${inTurn(r.sharedCores).toFixed(2)}` : ""})`
      : "";
  // autocannon runs in this process, so there is no load generator's CPU apart to print.
  const generator = Number.isNaN(r.generatorMs) ? "–" : r.generatorMs.toFixed(2);
  console.log(
    `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.serverMs.toFixed(2)} | ${r.postgresMs.toFixed(2)} | ${generator} | ${toEmpty(r).toFixed(2)} | ${ratio(r, bareRead).toFixed(2)} | ${verdict}${neighbour} |`,
  );
}
console.log(
  `\npeak server RSS: ${peakRss.toFixed(0)} MB (goal < 400 MB ${mark(peakRss < 400)}); database connections held by two instances: ${backends[0]?.n ?? 0} (pool ${process.env.DATABASE_POOL_SIZE ?? "10"} each)`,
);
console.log(
  `SQL statements per request (goal ≤ 3): ${Object.entries(statements)
    .map(([k, v]) => `${k}: ${v} ${mark(v <= 3)}`)
    .join("; ")}`,
);

bare.kill();
await server.stop();
await sql.end();
await p.$disconnect();
await db.stop();
process.exit(0);
