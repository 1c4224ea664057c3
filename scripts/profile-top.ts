// Prints the functions with the most self time in a V8 .cpuprofile (from `node --cpu-prof`).
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number };
const file = process.argv[2];
if (!file) throw new Error("usage: tsx scripts/profile-top.ts <file.cpuprofile> [count]");
const prof = JSON.parse(readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[] };
const total = prof.samples.length;
const byKey = new Map<string, number>();
for (const n of prof.nodes) {
  const f = n.callFrame;
  const where = f.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(app|lib|\.next)\//, "$1/");
  const key = `${f.functionName || "(anonymous)"}  ${where}:${f.lineNumber + 1}`;
  byKey.set(key, (byKey.get(key) ?? 0) + n.hitCount);
}
for (const [k, v] of [...byKey].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 25))) {
  console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
}
