// `npm run build`: the production build (`next build`, then scripts/compile-hints.ts), recorded
// with the hash of the sources it was made from, taken before it starts (.next/source-hash). So
// `npm start` after it serves that build instead of building again; before, only the test stack's
// and `npm start`'s own builds were recorded (found by the review as an operator deploying it,
// 2026-12-06: the first instance after a release's `npm run build` built once more).
import path from "node:path";
import { ROOT, recordBuild, run, sourceHash } from "./lib/processes";

const hash = sourceHash();
await run(path.join(ROOT, "node_modules", ".bin", "next"), ["build"]);
await run(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/compile-hints.ts"]);
recordBuild(hash);
