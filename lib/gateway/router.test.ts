import { describe, expect, it } from "vitest";
import type { Bound } from "@/lib/gateway/handler";
import { byForwardedPath, byRouteParams, router } from "@/lib/gateway/router";
import { OPERATIONS } from "@/lib/operations";
import type { Operation } from "@/lib/operations/define";
import { ping, readOpenApi } from "@/lib/operations/service";

// Each operation bound to a handler that says which operation answered, with which parameters, and
// which path it was told the request had (none when the request's own).
const answering = (op: Bound["op"]): Bound => ({
  op,
  handle: async (_req, rc) =>
    Response.json({ operationId: op.operationId, params: await rc.params, pathname: rc.pathname ?? null }),
});
const elsewhere: Operation[] = [ping, readOpenApi];
const all = OPERATIONS.filter((op) => !elsewhere.includes(op)).map(answering);

const served = router(all, elsewhere);
const [byParams, byPath] = [byRouteParams(served), byForwardedPath(served)];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const answer = async (res: Response) => ({
  status: res.status,
  allow: res.headers.get("allow"),
  body: (await res.json()) as unknown,
});
// As app/gateway/[[...rest]] is called: the path's segments in Next.js's params.
const call = async (method: Method, path: string) =>
  answer(
    await byParams[method](new Request(`http://localhost${path}`, { method }), {
      params: Promise.resolve({ rest: path.split("/").slice(2) }),
    }),
  );
// As app/gateway/by-path is called behind the production server: the path in X-Gateway-Path.
const forwarded = async (method: Method, path: string, headers: Record<string, string> = { "x-gateway-path": path }) =>
  answer(
    await byPath[method](new Request("http://localhost/gateway/by-path?size=5", { method, headers }), {
      params: Promise.resolve({}),
    }),
  );

describe("router", () => {
  it("hands each declared operation its path's parameters", async () => {
    expect(await call("GET", "/gateway/profile/caregiver/session/7")).toMatchObject({
      status: 200,
      body: { operationId: "readSession", params: { id: "7" } },
    });
    expect(await call("GET", "/gateway/profile/session/3/document/9")).toMatchObject({
      body: { operationId: "readDocument", params: { id: "3", documentId: "9" } },
    });
  });

  it("prefers a literal segment to another path's parameter", async () => {
    const r = await call("GET", "/gateway/profile/caregiver/session/assignment");
    expect(r).toMatchObject({ status: 405, allow: "PUT" });
  });

  it("answers 404 for a path the registry does not declare", async () => {
    for (const path of ["/gateway", "/gateway/profile", "/gateway/profile/caregiver/session/7/nothing"])
      expect((await call("GET", path)).status, path).toBe(404);
  });

  it("serves the path the production server forwards as the same operation, and logs that path", async () => {
    for (const path of ["/gateway/profile/caregiver/session/7", "/gateway/profile/session/3/document/9", "/gateway"]) {
      const direct = await call("GET", path);
      expect(await forwarded("GET", path), path).toEqual({
        ...direct,
        body: direct.status === 200 ? { ...(direct.body as object), pathname: path } : direct.body,
      });
    }
    expect(await forwarded("DELETE", "/gateway/profile/caregiver/session/assignment")).toMatchObject({
      status: 405,
      allow: "PUT",
    });
  });

  it("answers 404 at the static route itself when no path was forwarded, or one the server would not forward", async () => {
    expect((await forwarded("GET", "/gateway/by-path", {})).status).toBe(404);
    // As a caller's own header could read where no production server is in front (`next dev`).
    for (const named of ["/gateway/health", "/gateway/profile/caregiver/session/7/", "/gateway/profile/../uaa"])
      expect((await forwarded("GET", "/gateway/by-path", { "x-gateway-path": named })).status, named).toBe(404);
  });

  it("refuses to start with an operation bound twice or not at all", () => {
    expect(() => router(all.slice(1), elsewhere)).toThrow(/declared but not bound/);
    expect(() => router(all, [])).toThrow(/declared but not bound/);
    const [first] = all;
    if (!first) throw new Error("the registry is empty");
    expect(() => router([...all, first], elsewhere)).toThrow(/bound twice/);
  });
});
