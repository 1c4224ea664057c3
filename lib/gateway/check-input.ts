import "server-only";
import { AppError } from "@/lib/errors";
import { NOT_UNICODE_MESSAGE, NUL_MESSAGE, hasNul, isNotUnicode } from "@/lib/schemas/common";
import { isCheckedBase64 } from "@/lib/schemas/image";

/**
 * How deep a request body may nest. Our deepest field is an answer's value inside `answers[i]`;
 * PostgreSQL refuses JSON past its own stack depth, and a recursive reader of a 100,000-deep
 * value would exhaust ours, so the bound is checked before anything else reads the value.
 */
export const MAX_DEPTH = 32;

/**
 * Refuses, with a 400 naming the field, input that no operation can store: a NUL character
 * (PostgreSQL text cannot hold U+0000) or a lone UTF-16 surrogate (no Unicode text; jsonb refuses
 * it) in any string or key, or nesting deeper than MAX_DEPTH. Base64 the body's reader has just
 * found plain (`isCheckedBase64`) holds neither and is not searched again.
 * Called by every reader of the gateway (body, query, path, token and revoke fields), so that no
 * operation needs its own check. `where` prefixes the paths (`query`, `path`, or "" for the body).
 */
export function checkInput(value: unknown, where = ""): void {
  const bad = firstProblem(value, where ? [where] : [], 0);
  if (bad) throw new AppError("bad_request", `${bad.path}: ${bad.message}`, [bad]);
}

type Found = { path: string; message: string } | null;

function firstProblem(value: unknown, path: string[], depth: number): Found {
  const at = () => path.join(".") || "(body)";
  if (typeof value === "string") {
    const bad = unstorable(value);
    return bad ? { path: at(), message: bad } : null;
  }
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return { path: at(), message: `must not nest deeper than ${MAX_DEPTH} levels` };
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  for (const [key, v] of entries) {
    const bad = unstorable(key);
    if (bad) return { path: [...path, escaped(key)].join("."), message: `keys ${bad}` };
    const found = firstProblem(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

// Base64 the body's reader has checked holds neither, and searching it would flatten the pieces it
// is kept in (lib/schemas/image.ts, keepBase64Pieces).
const unstorable = (s: string) =>
  isCheckedBase64(s) ? null : hasNul(s) ? NUL_MESSAGE : isNotUnicode(s) ? NOT_UNICODE_MESSAGE : null;

// A key named in the error path as the JSON escape of what it cannot hold, readable in any client.
const escaped = (key: string) =>
  key.replace(
    /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
