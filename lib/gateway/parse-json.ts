import "server-only";
import { randomId } from "@/lib/ids";
import { keepBase64Pieces } from "@/lib/schemas/image";

// V8's JSON.parse allocates everything it makes from a text of 100 K characters or more directly in
// the old generation. A client created with a 200 KB image (a 270 KB body) thus left its image's
// text, 270 KB, as old-generation garbage, and the server ran a full collection of its whole heap
// every 70 or so creations (docs/performance.md, client creation). Strings of base64 that long are
// therefore taken out of the text before it is parsed and put back into the parsed value.
const PRETENURED_FROM = 100 * 1024;
const LIFTED_FROM = 8 * 1024;
const QUOTE = 0x22;

/**
 * The JSON value of UTF-8 `bytes`, as `JSON.parse` of their text would give it (throws as it does
 * for text that is not JSON).
 */
export function parseJsonBytes(bytes: Buffer): unknown {
  if (bytes.length >= PRETENURED_FROM) {
    const lifted = liftBase64(bytes);
    if (lifted) {
      try {
        const value: unknown = JSON.parse(lifted.text);
        const put = putBack(value, lifted.strings);
        if (put.found === lifted.strings.size) return put.value;
      } catch {
        // Parsed again whole below, so that it fails (or not) exactly as it would have.
      }
    }
  }
  return JSON.parse(bytes.toString("utf8"));
}

type Lifted = { text: string; strings: Map<string, string> };

/**
 * The text of `bytes` with each long stretch of pure base64 between two quotes replaced by a token
 * of letters and digits, or null when there is none. A token stands where the base64 was, so the
 * text parses as it would have; and when the quote before the base64 opened a string, the string
 * was exactly the base64 (no escapes in base64), so the token is found back as a whole string. When
 * it did not (the quote closed a string, so neither text is JSON, or was escaped inside one, so the
 * token is found inside a longer string), the caller parses the original text instead.
 */
function liftBase64(bytes: Buffer): Lifted | null {
  const strings = new Map<string, string>();
  const parts: string[] = [];
  const nonce = randomId(12);
  let from = 0;
  for (let q = bytes.indexOf(QUOTE); q !== -1;) {
    const next = bytes.indexOf(QUOTE, q + 1);
    if (next === -1) break;
    // Base64 comes in quads: a length that is no multiple of 4 is not worth copying to look at.
    if (next - q - 1 >= LIFTED_FROM && (next - q - 1) % 4 === 0) {
      const s = base64Between(bytes, q + 1, next);
      if (s !== null) {
        const token = `L${nonce}x${strings.size}`;
        strings.set(token, s);
        parts.push(bytes.toString("utf8", from, q + 1), token);
        from = next;
      }
    }
    q = next;
  }
  if (strings.size === 0) return null;
  parts.push(bytes.toString("utf8", from));
  return { text: parts.join(""), strings };
}

// Below V8's large-object size (128 KB) and a whole number of quads.
const PIECE = 48 * 1024;

/** The text of `bytes` from `start` to `end` when it is plain base64 (read in pieces), else null. */
function base64Between(bytes: Buffer, start: number, end: number): string | null {
  const pieces: string[] = [];
  for (let at = start; at < end; at += PIECE) pieces.push(bytes.toString("latin1", at, Math.min(end, at + PIECE)));
  return keepBase64Pieces(pieces);
}

/** `value` with each token that is a whole string replaced by its base64, and how many were. */
function putBack(value: unknown, strings: Map<string, string>): { value: unknown; found: number } {
  let found = 0;
  const visit = (v: unknown): unknown => {
    if (typeof v === "string") {
      const s = strings.get(v);
      if (s === undefined) return v;
      found++;
      return s;
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = visit(v[i]);
    } else if (v !== null && typeof v === "object") {
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) o[k] = visit(o[k]);
    }
    return v;
  };
  return { value: visit(value), found };
}
