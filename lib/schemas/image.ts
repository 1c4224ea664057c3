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

// The schema checks an upload's text, then the server sniffs and decodes the same string: the last
// answer is kept, so a 5 MB document is scanned once instead of three times (a pure function's
// result, for the string the caller holds anyway; nothing another process would need).
let last: { data: string; b64: string | null } | undefined;

/**
 * The base64 payload of `data` without a `data:image/...;base64,` prefix, or null when it is not
 * base64. Line breaks (MIME style) are accepted; the usual unbroken string is scanned only once.
 */
export function cleanBase64(data: string): string | null {
  if (last?.data === data) return last.b64;
  const comma = data.startsWith("data:") ? data.indexOf(",") : -1;
  let b64: string | null = comma >= 0 ? data.slice(comma + 1) : data;
  if (!BASE64.test(b64)) {
    b64 = b64.replace(/\s+/g, "");
    if (!BASE64.test(b64)) b64 = null;
  }
  if (b64 !== null && b64.length % 4 !== 0) b64 = null;
  last = { data, b64 };
  return b64;
}

export function decodedSize(b64: string): number {
  const pad = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return (b64.length / 4) * 3 - pad;
}

/** The first bytes of a base64 string, decoded (enough for magic numbers). */
export function headBytes(b64: string, count = 16): Uint8Array {
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
