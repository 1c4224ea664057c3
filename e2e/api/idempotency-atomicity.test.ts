import { describe, expect, it } from "vitest";
import { api, clinicRowCounts, db, makeWorld, uid } from "./support/world";

const CREATE = "/gateway/profile/clinic/client";

describe("Idempotency-Key", () => {
  it("returns the same 201 and location for a retry with the same key and body, creating nothing more", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const body = {
      name: "Retry Me",
      email: `r-${uid()}@x.test`,
      session: { caregiverId: w.caregiver.id, bookIdList: [w.book.id] },
    };
    const key = `key-${uid()}`;
    const first = await api(CREATE, { token, body, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    const counts = await clinicRowCounts(w.clinic.id);
    const again = await api(CREATE, { token, body, headers: { "idempotency-key": key } });
    expect(again.status).toBe(201);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.text).toBe("");
    expect(await clinicRowCounts(w.clinic.id)).toEqual(counts);
  });

  it("answers 409 for the same key with another body", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const key = `key-${uid()}`;
    expect(
      (
        await api(CREATE, {
          token,
          body: { name: "One", email: `o-${uid()}@x.test` },
          headers: { "idempotency-key": key },
        })
      ).status,
    ).toBe(201);
    const counts = await clinicRowCounts(w.clinic.id);
    const other = await api(CREATE, {
      token,
      body: { name: "Two", email: `t-${uid()}@x.test` },
      headers: { "idempotency-key": key },
    });
    expect(other.status).toBe(409);
    expect(other.json.errors[0].path).toBe("header.Idempotency-Key");
    expect(await clinicRowCounts(w.clinic.id)).toEqual(counts);
  });

  it("creates exactly one client when the same request arrives several times at once", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const email = `race-${uid()}@x.test`;
    const body = { name: "Racer", email, externalClientId: `race-${uid()}` };
    const key = `key-${uid()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api(CREATE, { token, body, headers: { "idempotency-key": key } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.headers.get("location"))).size).toBe(1);
    expect(await db.client.count({ where: { clinicId: w.clinic.id, email } })).toBe(1);
  });

  it("without a key, concurrent creations of one externalClientId give one client and 409s", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const ext = `dup-${uid()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api(CREATE, { token, body: { name: "Dup", email: `d${i}-${uid()}@x.test`, externalClientId: ext } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await db.client.count({ where: { clinicId: w.clinic.id, externalClientId: ext } })).toBe(1);
  });
});

describe("atomicity", () => {
  it("a creation that fails at its last step (the homework insert) leaves no row anywhere", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    // A real database fault, injected with a trigger: inserting homework of this one book fails
    // the way a serialization conflict does.
    const fn = `fail_${w.u}`.replace(/[^a-z0-9_]/gi, "_");
    await db.$executeRawUnsafe(`create function ${fn}() returns trigger language plpgsql as $$
      begin if new."bookId" = ${w.book2.id} then raise exception 'injected fault' using errcode = '40001'; end if; return new; end $$`);
    await db.$executeRawUnsafe(
      `create trigger ${fn} before insert on "Assignment" for each row execute function ${fn}()`,
    );
    try {
      const before = await clinicRowCounts(w.clinic.id);
      const email = `atomic-${uid()}@x.test`;
      const r = await api(CREATE, {
        token,
        headers: { "idempotency-key": `k-${uid()}` },
        body: {
          name: "Atomic",
          email,
          caregiverList: [w.caregiver.id],
          session: { caregiverId: w.outsider.id, bookIdList: [w.book.id, w.book2.id], sessionCount: 2 },
        },
      });
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBeTruthy();
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
      expect(await db.client.count({ where: { email } })).toBe(0);
    } finally {
      await db.$executeRawUnsafe(`drop trigger ${fn} on "Assignment"`);
      await db.$executeRawUnsafe(`drop function ${fn}()`);
    }
  });
});
