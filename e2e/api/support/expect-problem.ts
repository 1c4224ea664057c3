import { expect } from "vitest";
import type { api } from "./world";

/** A refusal as problem+json with its status, and, when given, an error at `path`. */
export function expectProblem(r: Awaited<ReturnType<typeof api>>, status: number, path?: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.headers.get("content-type")).toBe("application/problem+json");
  expect(r.json).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  expect(r.json.detail).toEqual(expect.any(String));
  if (path) expect(r.json.errors.map((e: { path: string }) => e.path)).toContain(path);
}
