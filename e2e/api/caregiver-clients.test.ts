import { describe, expect, it } from "vitest";
import { makeClient } from "@/prisma/factories";
import { api, db, makeWorld } from "./support/world";

describe("GET /gateway/profile/caregiver/client: the caregiver's clients", () => {
  it("lists every care-team client of the caregiver's clinics by name, with or without sessions, and no other", async () => {
    const w = await makeWorld();
    // On the care team but without a session; and one the caregiver is not on the team of.
    const quiet = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Aaron Quiet ${w.u}`,
      email: `quiet-${w.u}@test.test`,
      careTeam: [w.caregiver.id],
    });
    await makeClient(db, { clinicId: w.clinic.id, name: `Other ${w.u}`, email: `other-${w.u}@test.test` });
    const r = await api("/gateway/profile/caregiver/client", { token: await w.token("carer") });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      content: [
        { id: quiet.id, name: `Aaron Quiet ${w.u}` },
        { id: w.client.id, name: `Client ${w.u}` },
      ],
      page: 0,
      size: 20,
      totalElements: 2,
      totalPages: 1,
    });
    // A caregiver of the same clinic who is on no care team sees none.
    expect((await api("/gateway/profile/caregiver/client", { token: await w.token("outsider") })).json).toMatchObject({
      content: [],
      totalElements: 0,
    });
  });

  it("pages, refuses bad paging, and is for caregivers only", async () => {
    const w = await makeWorld();
    for (let i = 0; i < 3; i++)
      await makeClient(db, {
        clinicId: w.clinic.id,
        name: `Paged ${i} ${w.u}`,
        email: `paged${i}-${w.u}@test.test`,
        careTeam: [w.caregiver.id],
      });
    const token = await w.token("carer");
    const second = (await api("/gateway/profile/caregiver/client?size=2&page=1", { token })).json;
    expect(second).toMatchObject({ page: 1, size: 2, totalElements: 4, totalPages: 2 });
    expect(second.content.map((c: { name: string }) => c.name)).toEqual([`Paged 1 ${w.u}`, `Paged 2 ${w.u}`]);
    for (const bad of ["size=0", "size=101", "page=-1", "size=abc"]) {
      const res = await api(`/gateway/profile/caregiver/client?${bad}`, { token });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await api("/gateway/profile/caregiver/client", { token: await w.token("staff") })).status).toBe(403);
    expect((await api("/gateway/profile/caregiver/client")).status).toBe(401);
    expect((await api("/gateway/profile/caregiver/client", { method: "POST", token })).status).toBe(405);
  });
});
