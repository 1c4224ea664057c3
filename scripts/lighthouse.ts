// `npm run bench:pages`: Lighthouse on the pages people open most, on the production build over a
// fresh embedded PostgreSQL holding the demo world (as `npm start` makes it). Each page is measured
// signed in as its demo person, with Lighthouse's mobile profile and its desktop preset. The network
// is simulated (lantern: a slow 4G phone, a fast desktop) and means the same on any machine; the
// main thread's time is this machine's own, scaled (four times on the mobile profile), so a slower
// machine scores lower. The table gives Lighthouse's own measure of the machine's speed at the run
// (BenchmarkIndex; below 1,000 Lighthouse warns that the score suffers): one short loop's time, so
// on a machine whose speed drifts it moves from run to run as the scores do.
// Prints a markdown table. Knobs: LIGHTHOUSE_RUNS (runs per page and profile, the median is
// shown; 1), LIGHTHOUSE_PORT (the server's port, PostgreSQL's is the next one; free ones otherwise),
// LIGHTHOUSE_PAGES (names of pages to measure, separated by commas, as the table names them; all),
// LIGHTHOUSE_REPORTS (a folder that gets each run's whole report as JSON, to see where a page's
// time went: its long tasks, its scripts' boot-up; none).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { desktopConfig, type Config, type Result } from "lighthouse";
import { randomId } from "@/lib/ids";
import { seedDemo } from "@/prisma/seed-demo";
import { freePort, startEmbeddedPostgres } from "./lib/embedded-postgres";
import { ROOT, ensureBuild, migrateDeploy, startNext } from "./lib/processes";
import { Teardown } from "./lib/teardown";
import { scriptClient } from "./lib/script-client";
import { passwordSignIn } from "./lib/web-sign-in";

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const basePort = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : undefined;
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(",").map((n) => n.trim().toLowerCase());
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });
/** The table's columns after the page's name: the mobile run's figures, and the desktop's score. */
const COLUMNS: [header: string, cell: (mobile: Figures, desktop: Figures) => string][] = [
  ["Mobile performance", (m) => String(m.performance)],
  ["Desktop performance", (_, d) => String(d.performance)],
  ["Accessibility", (m) => String(m.accessibility)],
  ["LCP", (m) => `${(m.lcp / 1000).toFixed(1)} s`],
  ["TBT", (m) => `${String(Math.round(m.tbt))} ms`],
  ["JavaScript", (m) => `${(m.jsBytes / 1024).toFixed(0)} KB`],
  ["BenchmarkIndex", (m) => m.benchmarkIndex.toFixed(0)],
];

const log = (s: string) => {
  console.log(`▸ ${s}`);
};

log("Fresh embedded PostgreSQL with the demo world");
const db = await startEmbeddedPostgres({
  dir: path.join(ROOT, ".data", `lighthouse-pg-${String(process.pid)}`),
  port: basePort === undefined ? undefined : basePort + 1,
  persistent: false,
  database: "lighthouse",
  quiet: true,
});
const parts = new Teardown();
parts.add(db.stop);
// Stopping is best effort here: the figures are what the run is for.
const stopAll = () => parts.stopAll().catch(() => undefined);
process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));

try {
  await migrateDeploy(db.url);
  const p = scriptClient(db.url);
  await seedDemo(p);
  await p.$disconnect();

  log("Production build (skipped when the sources have not changed)");
  await ensureBuild();
  const port = basePort ?? (await freePort());
  const base = `http://127.0.0.1:${String(port)}`;
  const server = await startNext(
    port,
    { DATABASE_URL: db.url, SECRET_KEY: randomId(40), NEXTAUTH_URL: base },
    { quiet: true },
  );
  parts.add(server.stop);

  const cookies = {
    clinic: await signIn(base, "demo-clinic", "demo-clinic-pass"),
    caregiver: await signIn(base, "demo-caregiver", "demo-caregiver-pass"),
    client: await signIn(base, "demo-client", "demo-client-pass"),
  };
  // The demo caregiver's first running session (the richest: homework, results, messages) and its client.
  const sessions = (await gatewayJson(base, cookies.caregiver, "/caregiver/session?runningStatus=RUNNING")) as {
    content: { id: number; clientId: number }[];
  };
  const session = sessions.content[0];
  if (!session) throw new Error("the demo caregiver has no running session");

  const pages: { name: string; path: string; cookie: string | null }[] = [
    { name: "Sign-in", path: "/signin", cookie: null },
    { name: "Client list", path: "/clinic", cookie: cookies.clinic },
    { name: "New-client form", path: "/clinic/clients/new", cookie: cookies.clinic },
    { name: "Client page", path: `/client/${String(session.clientId)}`, cookie: cookies.clinic },
    { name: "Session dashboard", path: `/caregiver/sessions/${String(session.id)}`, cookie: cookies.caregiver },
    { name: "Client's homework", path: "/homework", cookie: cookies.client },
  ];

  const chrome = await launch({
    chromePath: CHROMIUM,
    port: basePort === undefined ? undefined : basePort + 2,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  parts.add(() => {
    chrome.kill();
    return Promise.resolve();
  });

  log(`Lighthouse, ${String(RUNS)} run(s) per page and profile (simulated throttling)`);
  const rows: string[] = [];
  for (const page of pages.filter((p) => !ONLY || ONLY.includes(p.name.toLowerCase()))) {
    const mobile = await measure(chrome.port, base + page.path, page.cookie, undefined);
    const desktop = await measure(chrome.port, base + page.path, page.cookie, desktopConfig);
    rows.push(
      `| ${page.name} (\`${page.path.replace(/\d+/g, ":id")}\`) | ${COLUMNS.map(([, cell]) => cell(mobile, desktop)).join(" | ")} |`,
    );
    log(`${page.name}: mobile ${String(mobile.performance)}, desktop ${String(desktop.performance)}`);
  }
  console.log(
    `\nLighthouse ${lighthouseVersion()}, ${new Date().toISOString().slice(0, 10)}; LCP, TBT, JavaScript (transferred) and BenchmarkIndex of the mobile run${RUNS > 1 ? `s (median of ${String(RUNS)})` : ""}.\n`,
  );
  console.log(`| Page | ${COLUMNS.map(([header]) => header).join(" | ")} |`);
  console.log(`| --- |${" ---: |".repeat(COLUMNS.length)}`);
  for (const r of rows) console.log(r);
  console.log("");
} finally {
  await stopAll();
}

type Figures = {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  jsBytes: number;
  /** Lighthouse's measure of this machine's speed at the run (`environment.benchmarkIndex`). */
  benchmarkIndex: number;
};

/** Lighthouse `RUNS` times on one page with one profile; each figure is the median of the runs. */
async function measure(chromePort: number, url: string, cookie: string | null, config: Config | undefined) {
  const runs: Figures[] = [];
  for (let i = 0, failed = 0; i < RUNS;) {
    const result = await lighthouse(
      url,
      {
        port: chromePort,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        // A header on every request of the page: the session cookie of its demo person.
        extraHeaders: cookie ? { cookie } : undefined,
        // The origin's cookies cleared before each run too (Lighthouse keeps them by default): a
        // cookie a page wrote in a run before (a client's pages remember their language) would be
        // sent instead of the header's, and the page would send Lighthouse to sign in.
        clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage", "cookies"],
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // A trace Lighthouse failed to record (NO_NAVSTART, NO_FCP under load) is its own fault, not
    // the page's: it asks to be run again, which it is, five times at most (three failed in a row
    // on 2026-12-04, ending the run before its table).
    if (result.lhr.runtimeError && failed < 5) {
      failed++;
      log(`${url}: ${result.lhr.runtimeError.code}, once more`);
      continue;
    }
    if (REPORTS) {
      const name = `${new URL(url).pathname.replace(/\W+/g, "_")}-${config ? "desktop" : "mobile"}-${String(i)}.json`;
      writeFileSync(path.join(REPORTS, name), JSON.stringify(result.lhr));
    }
    runs.push(figures(result.lhr, url));
    i++;
  }
  const median = (k: keyof Figures) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
  return {
    performance: median("performance"),
    accessibility: median("accessibility"),
    lcp: median("lcp"),
    tbt: median("tbt"),
    jsBytes: median("jsBytes"),
    benchmarkIndex: median("benchmarkIndex"),
  };
}

function figures(lhr: Result, url: string): Figures {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  // A page that sent the browser elsewhere (to sign in) was not the page meant.
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  const summary = lhr.audits["resource-summary"]?.details as
    { items: { resourceType: string; transferSize: number }[] } | undefined;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    jsBytes: summary?.items.find((i) => i.resourceType === "script")?.transferSize ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

/** Signs in with next-auth's credentials sign-in, as the sign-in form does; returns the Cookie header. */
async function signIn(base: string, username: string, password: string): Promise<string> {
  const session = (await passwordSignIn(base, username, password)).session();
  if (!session) throw new Error(`${username} could not sign in`);
  // Only the session: the CSRF and callback cookies are of no page's concern.
  return `next-auth.session-token=${session}`;
}

async function gatewayJson(base: string, cookie: string, p: string): Promise<unknown> {
  const r = await fetch(`${base}/gateway/profile${p}`, { headers: { cookie, offset: "0" } });
  if (!r.ok) throw new Error(`GET ${p} answered ${String(r.status)}`);
  return r.json();
}
