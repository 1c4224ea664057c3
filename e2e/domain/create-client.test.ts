import { describe, expect, it } from "vitest";
import { createClient } from "@/lib/clients/create-client";
import { listClients } from "@/lib/clients/list-clients";
import { readClient } from "@/lib/clients/read-client";
import { ClientCreateRequest } from "@/lib/schemas/client";
import { db, makeWorld } from "./support/domain-world";

// Client creation (lib/clients/create-client.ts) and clinic isolation, in-process. The HTTP
// contract of the same operation (statuses, problem+json, bad input) is e2e/api/create-client*.
const input = (v: Record<string, unknown>) => ClientCreateRequest.parse(v);
const PAGE = { page: 0, size: 50 };

describe("creating a client", () => {
  it("makes the client in the caller's clinic with its care team and first session", async () => {
    const w = await makeWorld();
    const staff = await w.scope("staff");
    const created = await createClient(
      staff,
      input({
        name: "New Client",
        email: `New-${w.u}@Test.test`,
        caregiverList: [w.outsider.id],
        session: { caregiverId: w.carer.id, bookIdList: [w.book.id] },
      }),
      { offset: 0 },
    );
    expect(created).toMatchObject({ location: `/client/${created.id}`, replayed: false });
    const client = await db.client.findUniqueOrThrow({
      where: { id: created.id },
      select: { clinicId: true, email: true, careTeam: { select: { caregiverId: true } }, sessions: true },
    });
    expect(client.clinicId).toBe(w.clinic.id);
    expect(client.email).toBe(`new-${w.u}@test.test`);
    expect(client.careTeam.map((m) => m.caregiverId).sort()).toEqual([w.carer.id, w.outsider.id].sort());
    expect(client.sessions).toHaveLength(1);
  });

  it("refuses a caregiver of another clinic and stores nothing", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const before = await db.client.count({ where: { clinicId: w.clinic.id } });
    await expect(
      createClient(
        await w.scope("staff"),
        input({ name: "X", email: `x-${w.u}@test.test`, caregiverList: [w.carer.id, other.carer.id] }),
        { offset: 0 },
      ),
    ).rejects.toMatchObject({ code: "unprocessable", errors: [{ path: "caregiverList.1" }] });
    expect(await db.client.count({ where: { clinicId: w.clinic.id } })).toBe(before);
  });

  it("refuses a second client with the same externalClientId or email in the clinic", async () => {
    const w = await makeWorld();
    const staff = await w.scope("staff");
    await expect(
      createClient(staff, input({ name: "Twin", email: `twin-${w.u}@test.test`, externalClientId: `EXT-${w.u}` }), {
        offset: 0,
      }),
    ).rejects.toMatchObject({ code: "conflict", errors: [{ path: "externalClientId" }] });
    await expect(
      createClient(staff, input({ name: "Twin", email: w.client.email.toUpperCase() }), { offset: 0 }),
    ).rejects.toMatchObject({ code: "conflict", errors: [{ path: "email" }] });
  });

  it("replays a retry with the same Idempotency-Key and body, and refuses the key with another body", async () => {
    const w = await makeWorld();
    const staff = await w.scope("staff");
    const body = input({ name: "Once", email: `once-${w.u}@test.test` });
    const key = `key-${w.u}`;
    const first = await createClient(staff, body, { offset: 0, idempotencyKey: key });
    expect(await createClient(staff, body, { offset: 0, idempotencyKey: key })).toEqual({ ...first, replayed: true });
    await expect(
      createClient(staff, input({ name: "Twice", email: `twice-${w.u}@test.test` }), {
        offset: 0,
        idempotencyKey: key,
      }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect(await db.client.count({ where: { clinicId: w.clinic.id, name: { in: ["Once", "Twice"] } } })).toBe(1);
  });

  it("an institute names one of its clinics; another institute's clinic is not found", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const inst = await w.scope("inst");
    await expect(
      createClient(inst, input({ name: "I", email: `i-${w.u}@test.test` }), { offset: 0 }),
    ).rejects.toMatchObject({ code: "bad_request", errors: [{ path: "clinicId" }] });
    await expect(
      createClient(inst, input({ name: "I", email: `i-${w.u}@test.test`, clinicId: other.clinic.id }), { offset: 0 }),
    ).rejects.toMatchObject({ code: "not_found" });
    const made = await createClient(inst, input({ name: "I", email: `i-${w.u}@test.test`, clinicId: w.clinic.id }), {
      offset: 0,
    });
    expect((await db.client.findUniqueOrThrow({ where: { id: made.id } })).clinicId).toBe(w.clinic.id);
  });
});

describe("clinic isolation", () => {
  it("a clinic's staff list and read their own clients only", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const staff = await w.scope("staff");
    expect((await listClients(staff, PAGE, 0)).content.map((c) => c.id)).toEqual([w.client.id]);
    await expect(readClient(staff, other.client.id, 0)).rejects.toMatchObject({ code: "not_found" });
    await expect(listClients(staff, { ...PAGE, clinicId: other.clinic.id }, 0)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
