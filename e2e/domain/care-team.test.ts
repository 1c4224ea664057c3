import { describe, expect, it } from "vitest";
import { readClient } from "@/lib/clients/read-client";
import { closeSession } from "@/lib/sessions/close-session";
import { listSessions } from "@/lib/sessions/list-sessions";
import { readSessionDetail } from "@/lib/sessions/read-session-detail";
import { db, makeWorld } from "./support/domain-world";

// The one rule of a caregiver's scope (lib/sessions/care-team.ts), against the lib functions that
// apply it: on the client's care team AND a member of its clinic; anything else is "not found".
const PAGE = { page: 0, size: 50 };
const notFound = { code: "not_found" };

describe("care-team visibility of sessions and clients", () => {
  it("the care team's caregiver reads the session, lists it and reads the client", async () => {
    const w = await makeWorld();
    const carer = await w.scope("carer");
    expect((await readSessionDetail(carer, w.session.id, 0)).id).toBe(w.session.id);
    expect((await listSessions(carer, PAGE, 0)).content.map((s) => s.id)).toEqual([w.session.id]);
    expect((await readClient(carer, w.client.id, 0)).id).toBe(w.client.id);
  });

  it("a caregiver of the same clinic outside the care team finds nothing of the client", async () => {
    const w = await makeWorld();
    const outsider = await w.scope("outsider");
    await expect(readSessionDetail(outsider, w.session.id, 0)).rejects.toMatchObject(notFound);
    expect((await listSessions(outsider, PAGE, 0)).content).toEqual([]);
    await expect(readClient(outsider, w.client.id, 0)).rejects.toMatchObject(notFound);
    await expect(closeSession(outsider, w.session.id)).rejects.toMatchObject(notFound);
  });

  it("a caregiver taken out of the clinic loses access at once, even with the care-team row left behind", async () => {
    const w = await makeWorld();
    const carer = await w.scope("carer");
    await db.caregiverClinic.deleteMany({ where: { caregiverId: w.carer.id, clinicId: w.clinic.id } });
    expect(await db.careTeamMember.count({ where: { caregiverId: w.carer.id, clientId: w.client.id } })).toBe(1);
    await expect(readSessionDetail(carer, w.session.id, 0)).rejects.toMatchObject(notFound);
    expect((await listSessions(carer, PAGE, 0)).content).toEqual([]);
    await expect(readClient(carer, w.client.id, 0)).rejects.toMatchObject(notFound);
  });

  it("the clinic's staff read the session; another clinic's staff and caregivers do not", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    expect((await readSessionDetail(await w.scope("staff"), w.session.id, 0)).id).toBe(w.session.id);
    for (const who of ["staff", "carer"] as const) {
      const scope = await other.scope(who);
      await expect(readSessionDetail(scope, w.session.id, 0)).rejects.toMatchObject(notFound);
      expect((await listSessions(scope, PAGE, 0)).content.map((s) => s.id)).toEqual([other.session.id]);
      await expect(readClient(scope, w.client.id, 0)).rejects.toMatchObject(notFound);
    }
  });
});
