// Prints where a V8 .cpuprofile (from `node --cpu-prof`, e.g. `BENCH_PROFILE=1 npm run bench`)
// spent its time: the functions with the most self time, and the same by package (Next.js, pg, our
// build's chunks, Node's own modules, the garbage collector, the kernel's part of native calls).
// With --by-run, each stretch of work between pauses of half a second or more on its own: the
// benchmark pauses between runs, so one stretch is one run (its warm-up included), in their order.
import { readFileSync } from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: CallFrame };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
const byRun = args.includes("--by-run");
const [file, count = "25"] = args.filter((a) => a !== "--by-run");
if (!file) throw new Error("usage: tsx scripts/profile-top.ts <file.cpuprofile> [count] [--by-run]");
const prof = JSON.parse(readFileSync(file, "utf8")) as Profile;
const frames = new Map(prof.nodes.map((n) => [n.id, n.callFrame]));
const sum = (ms: number[]) => ms.reduce((a, b) => a + b, 0);

const shortUrl = (url: string) =>
  url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(app|lib|scripts|\.next)\//, "$1/");
const functionOf = (f: CallFrame) => `${f.functionName || "(anonymous)"}  ${shortUrl(f.url)}:${f.lineNumber + 1}`;
const packageOf = (f: CallFrame) => {
  if (!f.url) return f.functionName.startsWith("(") ? f.functionName : `native ${f.functionName}`;
  if (f.url.includes("node_modules/")) return f.url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1");
  if (f.url.startsWith("node:")) return f.url.replace(/^(node:(internal\/)?[^/]+).*$/, "$1");
  return shortUrl(f.url).replace(/\/[^/]*$/, "/");
};

/** The busy samples (frame ids and milliseconds), split where the process idled ≥ 500 ms when `split`. */
function stretches(split: boolean): { ids: number[]; ms: number[] }[] {
  const all: { ids: number[]; ms: number[] }[] = [{ ids: [], ms: [] }];
  let idle = 0;
  prof.samples.forEach((id, i) => {
    const ms = (prof.timeDeltas[i + 1] ?? 0) / 1000;
    if (frames.get(id)?.functionName === "(idle)") {
      idle += ms;
      return;
    }
    if (split && idle >= 500 && all[all.length - 1]?.ids.length) all.push({ ids: [], ms: [] });
    idle = 0;
    all[all.length - 1]?.ids.push(id);
    all[all.length - 1]?.ms.push(ms);
  });
  // Shorter stretches are start-up and stopping, not a run.
  return all.filter((s) => !split || sum(s.ms) >= 500);
}

function print(s: { ids: number[]; ms: number[] }, keyOf: (f: CallFrame) => string, top: number) {
  const total = sum(s.ms);
  const byKey = new Map<string, number>();
  s.ids.forEach((id, i) => {
    const f = frames.get(id);
    if (f) byKey.set(keyOf(f), (byKey.get(keyOf(f)) ?? 0) + (s.ms[i] ?? 0));
  });
  for (const [k, v] of [...byKey].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
}

stretches(byRun).forEach((s, i) => {
  const busy = sum(s.ms) / 1000;
  console.log(`\n== ${byRun ? `stretch ${String(i + 1)}` : "all"}: ${busy.toFixed(1)} s of CPU`);
  print(s, functionOf, Number(count));
  console.log("  by package:");
  print(s, packageOf, 15);
});
