// Checks of an uploaded image that both the browser form and the server run: base64 syntax,
// decoded size, and that the bytes really are the named type (magic numbers).

export const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp"] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const MIME_OF: Record<ImageExtension, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type Checked = { data: string; b64: string | null; bytes?: Buffer<ArrayBuffer> };

// The body's reader or the schema checks an upload's text, then the server sniffs and decodes the
// same string: the last answer is kept, so a 5 MB document is scanned once instead of three times.
// It is a pure function's result, looked up by the text's content: a lookup after another text's
// check misses and decodes again. Nothing another process would need.
let last: Checked | undefined;

/**
 * The base64 payload of `data` without a `data:image/...;base64,` prefix, or null when it is not
 * base64. Line breaks (MIME style) are accepted; the usual unbroken string is scanned only once.
 */
export function cleanBase64(data: string): string | null {
  return checked(data).b64;
}

/** The bytes `data` holds as base64, or null when it is not base64; on the server (Node's Buffer). */
export function base64Bytes(data: string): Buffer<ArrayBuffer> | null {
  const { b64, bytes } = checked(data);
  if (b64 !== null && !bytes) throw new Error("base64Bytes decodes with Node's Buffer, which this runtime lacks");
  return bytes ?? null;
}

/**
 * The text of `pieces` (each a whole number of quads) when it is plain base64, else null; on the
 * server. Its bytes are kept for the checks of the same text that follow, and the text is the
 * pieces joined by `+`, which V8 keeps as pieces: a flat string past 128 KB is a large-object page
 * of its own, mapped afresh and faulted in page by page (one of 270 KB took 0.18 ms on one host,
 * 1.27 ms and 69 page faults on another; in pieces of 48 KB, 0.02 and 0.08 ms: docs/performance.md).
 * The checks that follow read the kept bytes, not the text, while these are still the last kept:
 * after another text's check they read into it (`startsWith`, `includes`), which makes it flat.
 */
export function keepBase64Pieces(pieces: string[]): string | null {
  const NodeBuffer = nodeBuffer();
  const bytes = NodeBuffer ? decodePieces(NodeBuffer, pieces) : null;
  if (!bytes) return null;
  const data = pieces.reduce((text, piece) => text + piece, "");
  last = { data, b64: data, bytes };
  return data;
}

/** Whether `s` is the text the last check found to be plain base64 (so no NUL, no surrogate). */
export const isCheckedBase64 = (s: string): boolean => last?.data === s && last.b64 === last.data;

function checked(data: string): Checked {
  if (last?.data === data) return last;
  const comma = data.startsWith("data:") ? data.indexOf(",") : -1;
  const given = comma >= 0 ? data.slice(comma + 1) : data;
  let b64: string | null = given;
  let bytes = decodeStrictly(b64);
  if (bytes === null) {
    b64 = given.replace(/\s+/g, "");
    bytes = decodeStrictly(b64);
    if (bytes === null) b64 = null;
  }
  last = { data, b64, bytes: bytes ?? undefined };
  return last;
}

/**
 * The bytes of base64 text, null when it is not base64; undefined when the text is base64 but
 * this runtime has no fast decoder (a browser: the regular expression said yes).
 * Node's decoder and the checks of `decodePieces` take 0.08 ms for a 270 KB image, where the
 * expression alone took 0.3 to 0.4 here; but the decoder is lenient: it skips what is no digit,
 * reads the URL-safe digits, stops at the first "=" and reads a character past U+00FF by its low
 * byte. So it decides only for ASCII without "-" or "_", and the text is base64 when its bytes are
 * as many as its length promises: a skipped character or an early stop leaves fewer.
 */
function decodeStrictly(b64: string): Buffer<ArrayBuffer> | null | undefined {
  // Read off globalThis, never named bare in this module: for a bare `Buffer` the bundler puts
  // a polyfill (7 KB on the wire) in the bundle of every page with an upload form.
  const NodeBuffer = nodeBuffer();
  if (!NodeBuffer) return b64.length % 4 === 0 && BASE64.test(b64) ? undefined : null;
  return decodePieces(NodeBuffer, [b64]);
}

const nodeBuffer = () => globalThis.Buffer as typeof Buffer | undefined;

/** The bytes of base64 text in pieces of whole quads, or null when it is not base64 (as above). */
function decodePieces(NodeBuffer: typeof Buffer, pieces: string[]): Buffer<ArrayBuffer> | null {
  for (const p of pieces) {
    if (p.length % 4 !== 0 || NodeBuffer.byteLength(p, "utf8") !== p.length || p.includes("-") || p.includes("_"))
      return null;
  }
  const quads = pieces.reduce((n, p) => n + p.length / 4, 0);
  const bytes = NodeBuffer.allocUnsafe(quads * 3 - padding(pieces.findLast((p) => p.length > 0) ?? ""));
  let written = 0;
  for (const p of pieces) written += bytes.write(p, written, "base64");
  return written === bytes.length ? bytes : null;
}

export function decodedSize(b64: string): number {
  const kept = keptBytes(b64);
  if (kept) return kept.length;
  return (b64.length / 4) * 3 - padding(b64);
}

const padding = (b64: string) => (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);

const keptBytes = (b64: string) => (last?.b64 === b64 ? last.bytes : undefined);

/** The first bytes of a base64 string, decoded (enough for magic numbers). */
export function headBytes(b64: string, count = 16): Uint8Array {
  const kept = keptBytes(b64);
  if (kept) return kept.subarray(0, count);
  const chunk = b64.slice(0, Math.ceil(count / 3) * 4 + 4);
  const bin = atob(chunk.slice(0, chunk.length - (chunk.length % 4)));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export function sniffImage(bytes: Uint8Array): "png" | "jpeg" | "gif" | "webp" | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, s: string) => Array.from(s, (c, i) => at(from + i) === c.charCodeAt(0)).every(Boolean);
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "png";
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  return null;
}

export const sameImageType = (ext: ImageExtension, sniffed: string | null) =>
  sniffed !== null && (ext === "jpg" ? sniffed === "jpeg" : ext === sniffed);
