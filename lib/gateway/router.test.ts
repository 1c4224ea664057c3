import { describe, expect, it } from "vitest";
import type { Bound } from "@/lib/gateway/handler";
import { router } from "@/lib/gateway/router";
import { OPERATIONS } from "@/lib/operations";
import type { Operation } from "@/lib/operations/define";
import { ping, readOpenApi } from "@/lib/operations/service";

// Each operation bound to a handler that says which operation answered and with which parameters.
const answering = (op: Bound["op"]): Bound => ({
  op,
  handle: async (_req, rc) => Response.json({ operationId: op.operationId, params: await rc.params }),
});
const elsewhere: Operation[] = [ping, readOpenApi];
const all = OPERATIONS.filter((op) => !elsewhere.includes(op)).map(answering);

const served = router(all, elsewhere);
const call = async (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string) => {
  const rest = path.split("/").slice(2);
  const res = await served[method](new Request(`http://localhost${path}`, { method }), {
    params: Promise.resolve({ rest }),
  });
  return { status: res.status, allow: res.headers.get("allow"), body: (await res.json()) as unknown };
};

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

  it("refuses to start with an operation bound twice or not at all", () => {
    expect(() => router(all.slice(1), elsewhere)).toThrow(/declared but not bound/);
    expect(() => router(all, [])).toThrow(/declared but not bound/);
    const [first] = all;
    if (!first) throw new Error("the registry is empty");
    expect(() => router([...all, first], elsewhere)).toThrow(/bound twice/);
  });
});
