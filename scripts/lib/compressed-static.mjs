// The build's JavaScript and CSS (/_next/static/…), compressed. Next.js's own compression is off
// (next.config.js: it would also turn the gateway's empty 201 into a chunked answer), and a phone
// on a slow network waits seconds for ~700 KB of uncompressed framework code on every first visit.
// The files never change within a build (their names carry their hash), so each is compressed
// once per process, on its first request, and kept: a cache, nothing two instances need to share.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";
import { SECURITY_HEADERS } from "./security-headers.mjs";

const TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };
const ENCODERS = {
  br: (b) => promisify(brotliCompress)(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (b) => promisify(gzip)(b, { level: 9 }),
};
const cache = new Map();

/** The encoding to send for a request's Accept-Encoding: br, else gzip, else none (null). */
export function pickEncoding(req) {
  return new Negotiator(req).encoding(["br", "gzip"], { preferred: ["br", "gzip"] }) ?? null;
}

/**
 * Answers a GET or HEAD of a built .js or .css file with its compressed bytes and returns true; any
 * other request (another path or type, no accepted encoding, no such file) is left to Next.js.
 */
export async function answerCompressedStatic(req, res, staticDir) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const pathname = (req.url ?? "").split("?")[0];
  if (!pathname.startsWith("/_next/static/")) return false;
  const type = TYPES[path.extname(pathname)];
  const encoding = pickEncoding(req);
  if (!type || !encoding) return false;
  let relative;
  try {
    relative = decodeURIComponent(pathname.slice("/_next/static/".length));
  } catch {
    return false;
  }
  const file = path.resolve(staticDir, relative);
  if (!file.startsWith(staticDir + path.sep)) return false;
  const key = `${encoding} ${file}`;
  let body = cache.get(key);
  if (!body) {
    body = readFile(file).then(ENCODERS[encoding]);
    cache.set(key, body);
    body.catch(() => cache.delete(key));
  }
  let bytes;
  try {
    bytes = await body;
  } catch {
    return false; // no such file: Next.js answers its 404
  }
  for (const { key: name, value } of SECURITY_HEADERS) res.setHeader(name, value);
  res.writeHead(200, {
    "content-type": type,
    "content-encoding": encoding,
    "content-length": bytes.length,
    "cache-control": "public, max-age=31536000, immutable",
    vary: "Accept-Encoding",
  });
  res.end(req.method === "HEAD" ? undefined : bytes);
  return true;
}
