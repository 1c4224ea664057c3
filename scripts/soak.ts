// `npm run soak`: 60 s of mixed traffic against the production server on a fresh embedded
// PostgreSQL: session reads, client creations (with an image) and token refreshes, at a fixed
// total rate. Prints requests, errors, latencies and the server's memory at 25/50/75/100 %.
import { freePort } from "@/scripts/lib/embedded-postgres";
import { randomId } from "@/lib/ids";
import { rssOf, startBenchWorld, tokenFor } from "./lib/bench-world";
import { ensureBuild, startNext } from "./lib/processes";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const RATE = Number(process.env.SOAK_RATE ?? 300);
const MIX = { read: 0.75, create: 0.15, refresh: 0.1 };
const log = (s: string) => {
  console.log(`▸ ${s}`);
};

log(
  `Fresh embedded PostgreSQL with 1000 clients; production build; ${SECONDS} s at ${RATE} req/s (${MIX.read * 100}% session reads, ${MIX.create * 100}% creations, ${MIX.refresh * 100}% token refreshes)`,
);
// The build first: a build that fails then leaves no database running behind it.
await ensureBuild();
const { db, p, sql, people, carer, sessions } = await startBenchWorld(1000);
// All the load comes from one address: the per-address rate limit would turn it into 429s.
const server = await startNext(
  await freePort(),
  { DATABASE_URL: db.url, RATE_LIMIT_ADDRESS: "100000000", SECRET_KEY: randomId(40) },
  { quiet: true },
);
const serverPid = server.child.pid ?? 0; // 0: no such process, so no memory to read
const carerToken = (await tokenFor(server.url, people.carer)).access_token;
const staffToken = (await tokenFor(server.url, people.staff)).access_token;
// Refresh chains: each is used by one request at a time, as a real client would.
const chains = await Promise.all(
  Array.from({ length: 8 }, async () => ({
    token: (await tokenFor(server.url, people.staff)).refresh_token,
    busy: false,
  })),
);

const image = Buffer.alloc(20 * 1024, 7);
Buffer.from("89504e470d0a1a0a", "hex").copy(image);
const imageData = image.toString("base64");
type Kind = keyof typeof MIX;
const stats: Record<Kind, { n: number; errors: number; ms: number[]; statuses: Record<number, number> }> = {
  read: { n: 0, errors: 0, ms: [], statuses: {} },
  create: { n: 0, errors: 0, ms: [], statuses: {} },
  refresh: { n: 0, errors: 0, ms: [], statuses: {} },
};
// Latency per 10 s window, to tell a warm-up tail from one that lasts.
const windows: number[][] = [];
let seq = 0;

async function one(kind: Kind) {
  const t0 = performance.now();
  let status = 0;
  try {
    if (kind === "read") {
      const id = sessions[Math.floor(Math.random() * sessions.length)]?.id ?? 0;
      const r = await fetch(`${server.url}/gateway/profile/caregiver/session/${id}`, {
        headers: { authorization: `bearer ${carerToken}` },
      });
      status = r.status;
      await r.arrayBuffer();
    } else if (kind === "create") {
      const r = await fetch(`${server.url}/gateway/profile/clinic/client`, {
        method: "POST",
        headers: { authorization: `bearer ${staffToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          name: "Soak",
          email: `soak-${process.pid}-${seq++}@bench.test`,
          imageData,
          imageExtension: "png",
          caregiverList: [carer.id],
        }),
      });
      status = r.status;
      await r.arrayBuffer();
    } else {
      const chain = chains.find((c) => !c.busy);
      if (!chain) return; // every chain in use: skip rather than reuse a token
      chain.busy = true;
      const r = await fetch(`${server.url}/gateway/uaa/oauth/token`, {
        method: "POST",
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: chain.token }),
      });
      status = r.status;
      const body = (await r.json()) as { refresh_token: string };
      if (r.ok) chain.token = body.refresh_token;
      chain.busy = false;
    }
  } catch {
    status = 0;
  }
  const s = stats[kind];
  s.n++;
  s.ms.push(performance.now() - t0);
  (windows[Math.floor((t0 - startedPerf) / 10_000)] ??= []).push(performance.now() - t0);
  s.statuses[status] = (s.statuses[status] ?? 0) + 1;
  if (status < 200 || status >= 300) s.errors++;
}

const pick = (): Kind => {
  const r = Math.random();
  return r < MIX.read ? "read" : r < MIX.read + MIX.create ? "create" : "refresh";
};
const memory: { at: string; mb: number }[] = [];
const started = Date.now();
const startedPerf = performance.now();
const inflight = new Set<Promise<void>>();
const marks = [0.25, 0.5, 0.75, 1].map((f) =>
  setTimeout(() => memory.push({ at: `${f * 100}%`, mb: rssOf(serverPid) }), f * SECONDS * 1000 - (f === 1 ? 200 : 0)),
);
// Open loop: requests start on schedule whether or not earlier ones have finished.
await new Promise<void>((resolve) => {
  let sent = 0;
  const tick = setInterval(() => {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (sent < due) {
      sent++;
      const pr = one(pick()).finally(() => inflight.delete(pr));
      inflight.add(pr);
    }
    if (Date.now() - started >= SECONDS * 1000) {
      clearInterval(tick);
      resolve();
    }
  }, 10);
});
await Promise.all(inflight);
marks.forEach(clearTimeout);

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
console.log(`\n=== Soak: ${SECONDS} s at ${RATE} req/s ===`);
console.log("| traffic | requests | errors | p50 ms | p99 ms | statuses |\n|---|---:|---:|---:|---:|---|");
for (const [k, s] of Object.entries(stats)) {
  console.log(
    `| ${k} | ${s.n} | ${s.errors} | ${pct(s.ms, 0.5).toFixed(1)} | ${pct(s.ms, 0.99).toFixed(1)} | ${JSON.stringify(s.statuses)} |`,
  );
}
console.log(`p99 per 10 s window (ms): ${windows.map((w) => pct(w, 0.99).toFixed(0)).join(", ")}`);
const total = Object.values(stats).reduce((a, s) => a + s.n, 0);
const errors = Object.values(stats).reduce((a, s) => a + s.errors, 0);
console.log(`achieved ${(total / SECONDS).toFixed(0)} req/s; errors ${errors}`);
console.log(`server RSS: ${memory.map((m) => `${m.at} ${m.mb.toFixed(0)} MB`).join(", ")}`);
const mid = memory.find((m) => m.at === "50%")?.mb ?? 0;
const end = memory.find((m) => m.at === "100%")?.mb ?? 0;
console.log(
  `end ÷ middle: ${(end / mid).toFixed(2)} (goal: within 20 %, zero errors) ${Math.abs(end / mid - 1) <= 0.2 && errors === 0 ? "✔" : "✘"}`,
);

await server.stop();
await sql.end();
await p.$disconnect();
await db.stop();
process.exit(0);
