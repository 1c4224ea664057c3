// Ids are PostgreSQL int4: every id in a path, a query or a body is an integer from 1 to
// 2147483647. One past the bound is a 400 naming the field, for every operation of the registry
// that takes one, before anything reaches the database; the bound itself is an id like any other.
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/operations";
import { api, makeWorld, type World } from "./support/world";

const MAX = 2147483647;
const TOKEN_OF = { CLINIC: "staff", INSTITUTE: "inst", CAREGIVER: "carer", CLIENT: "client" } as const;
const tokenFor = (w: World, roles: readonly (keyof typeof TOKEN_OF)[] | undefined) =>
  roles?.[0] ? w.token(TOKEN_OF[roles[0]]) : Promise.resolve(null);

const named = (r: { json: { errors?: { path: string }[] } }) => (r.json.errors ?? []).map((e) => e.path);

describe("int4 bounds on ids", () => {
  it("a path id past 2147483647 is a 400 naming path.id on every operation with one; the bound is a 404", async () => {
    const w = await makeWorld();
    for (const op of OPERATIONS.filter((o) => o.path.includes("{id}"))) {
      const token = await tokenFor(w, op.roles);
      const call = (id: string) =>
        // Another path id of the operation (a document's) is a valid one, so that `id` is the one named.
        api(op.path.replace("{id}", id).replace(/\{\w+\}/g, "1"), {
          method: op.method,
          token,
          ...(op.body ? { body: op.body.example } : {}),
        });
      const over = await call(String(MAX + 1));
      expect(over.status, `${op.operationId} ${over.text}`).toBe(400);
      expect(named(over), op.operationId).toContain("path.id");
      const at = await call(String(MAX));
      expect(at.status, `${op.operationId} ${at.text}`).toBe(404);
    }
  });

  it("a query id past 2147483647 is a 400 naming it on every operation whose query takes one", async () => {
    const w = await makeWorld();
    let checked = 0;
    for (const op of OPERATIONS.filter((o) => o.query)) {
      const token = await tokenFor(w, op.roles);
      for (const field of Object.keys(op.query?.shape ?? {}).filter((k) => k.endsWith("Id"))) {
        // A path id of its own (an operation may take both) is valid, so that the query's is the one named.
        const path = op.path.replace("{id}", "1");
        const over = await api(`${path}?${field}=${MAX + 1}`, { method: op.method, token });
        expect(over.status, `${op.operationId} ${field} ${over.text}`).toBe(400);
        expect(named(over), op.operationId).toContain(`query.${field}`);
        const at = await api(`${path}?${field}=${MAX}`, { method: op.method, token });
        expect(at.status, `${op.operationId} ${field} ${at.text}`).not.toBe(400);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it("a body id past 2147483647 is a 400 naming it, and nothing is created", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const valid = () => ({
      name: "Bound",
      email: `bound-${w.u}-${Math.random().toString(36).slice(2)}@x.test`,
      caregiverList: [w.caregiver.id],
      session: { caregiverId: w.caregiver.id, bookIdList: [w.book.id], designPlanId: w.plan.id },
    });
    // `id`, `session.id`, `session.clientId` and `session.clinicId` are accepted and ignored, any
    // integer (decisions.md "OPTT's documented requests"; e2e/api/optt-samples.test.ts): no bound.
    const cases: [string, (b: ReturnType<typeof valid>) => unknown][] = [
      ["caregiverList.0", (b) => ({ ...b, caregiverList: [MAX + 1] })],
      ["clinicId", (b) => ({ ...b, clinicId: MAX + 1 })],
      ["session.caregiverId", (b) => ({ ...b, session: { ...b.session, caregiverId: MAX + 1 } })],
      ["session.designPlanId", (b) => ({ ...b, session: { ...b.session, designPlanId: MAX + 1 } })],
      ["session.bookIdList.0", (b) => ({ ...b, session: { ...b.session, bookIdList: [MAX + 1] } })],
    ];
    const before = await api("/gateway/profile/clinic/client?size=100", { token });
    for (const [field, make] of cases) {
      const r = await api("/gateway/profile/clinic/client", { method: "POST", token, body: make(valid()) });
      expect(r.status, `${field} ${r.text}`).toBe(400);
      expect(named(r), field).toContain(field);
    }
    const after = await api("/gateway/profile/clinic/client?size=100", { token });
    expect(after.json.totalElements).toBe(before.json.totalElements);
    // At the bound, a caregiver id is one the clinic does not have: 422, not a 400.
    const at = await api("/gateway/profile/clinic/client", {
      method: "POST",
      token,
      body: { ...valid(), caregiverList: [MAX] },
    });
    expect(at.status, at.text).toBe(422);
  });
});
