// `npm run build`'s second step, after `next build`: V8's explicit compile hint (Chrome 136 and
// later) at the top of every JavaScript chunk of the build. A script that begins with it has all its
// functions compiled at once, on the background thread that streams the script in, rather than each
// on the page's main thread the first time it is called. Next.js's chunks are one function per
// module, and a page calls nearly all of its chunks' modules while it starts and hydrates, so on a
// phone that compiling was long tasks during which the page could not answer a tap (Turbopack's
// module loader, 280 to 300 ms per load on Lighthouse's slowed phone). Measured with and without:
// docs/pages-performance.md, "V8's compile hints". Other browsers read a comment. Next.js has no
// option for it (yet).
//
// Every chunk: those a page loads at start, and those it loads on demand just before running them
// (the toasts, the chart, the forms added on a click). A chunk that has the hint already is left as
// it is. A chunk's name is its content's hash, and the same build always gets the same hint, so
// caching a chunk forever stays right.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const CHUNKS = path.resolve(import.meta.dirname, "..", ".next", "static", "chunks");

let changed = 0;
for (const entry of readdirSync(CHUNKS, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const text = readFileSync(file, "utf8");
  if (text.startsWith(COMPILE_HINT)) continue;
  writeFileSync(file, COMPILE_HINT + text);
  changed++;
}
console.log(`Compile hints added to ${String(changed)} chunks`);
