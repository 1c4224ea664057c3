import "server-only";
import { AppError } from "@/lib/errors";
import { NUL_MESSAGE, hasNul } from "@/lib/schemas/common";

/**
 * How deep a request body may nest. Our deepest field is an answer's value inside `answers[i]`;
 * PostgreSQL refuses JSON past its own stack depth, and a recursive reader of a 100,000-deep
 * value would exhaust ours, so the bound is checked before anything else reads the value.
 */
export const MAX_DEPTH = 32;

/**
 * Refuses, with a 400 naming the field, input that no operation can store: a NUL character
 * (PostgreSQL text cannot hold U+0000) in any string or key, or nesting deeper than MAX_DEPTH.
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
  if (typeof value === "string") return hasNul(value) ? { path: at(), message: NUL_MESSAGE } : null;
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return { path: at(), message: `must not nest deeper than ${MAX_DEPTH} levels` };
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, v] of entries) {
    if (hasNul(key)) return { path: [...path, key.replaceAll("\u0000", "\\u0000")].join("."), message: `keys ${NUL_MESSAGE}` };
    const found = firstProblem(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
