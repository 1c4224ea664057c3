import { readFile } from "node:fs/promises";
import path from "node:path";

// Scalar's standalone API reference, served by this app (no CDN: /docs works offline). Read once
// at build: the route is static.
export const dynamic = "force-static";

export async function GET(): Promise<Response> {
  const file = path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js");
  return new Response(await readFile(file), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
