import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { randomId } from "@/lib/ids";
import { api, db, makeWorld } from "./support/world";

describe("a second clinic's token reads nothing of the first", () => {
  it("answers 404 or an empty list for every read of another clinic's data", async () => {
    const a = await makeWorld();
    const b = await makeWorld();
    for (const who of ["staff", "carer", "inst"] as const) {
      const token = await b.token(who);
      for (const path of [
        `/gateway/profile/caregiver/session/${a.session.id}`,
        `/gateway/profile/clinic/client/${a.client.id}`,
        `/gateway/profile/clinic/client/${a.client.id}/image`,
      ]) {
        const r = await api(path, { token });
        expect([403, 404], `${who} ${path}`).toContain(r.status);
        expect(r.text).not.toContain(a.u);
      }
    }
    const staff = await b.token("staff");
    for (const path of [
      "/gateway/profile/clinic/client",
      "/gateway/profile/clinic/caregiver",
      "/gateway/profile/clinic/design-plan",
      "/gateway/profile/clinic/book",
      "/gateway/profile/caregiver/session",
    ]) {
      const r = await api(path, { token: staff });
      expect(r.status, path).toBe(200);
      expect(r.text, path).not.toContain(a.u);
      expect(r.json.content.length, path).toBeGreaterThan(0);
    }
    const carer = await b.token("carer");
    const sessions = await api(`/gateway/profile/caregiver/session?clientId=${a.client.id}`, { token: carer });
    expect(sessions.json.content).toEqual([]);
    for (const path of [
      "/gateway/profile/clinic/client",
      "/gateway/profile/clinic/caregiver",
      "/gateway/profile/clinic/design-plan",
      "/gateway/profile/clinic/book",
    ]) {
      const r = await api(`${path}?clinicId=${a.clinic.id}`, { token: staff });
      expect(r.status, path).toBe(404);
    }
    const inst = await api(`/gateway/profile/clinic/client?clinicId=${a.clinic.id}`, { token: await b.token("inst") });
    expect(inst.status).toBe(404);
  });
});

describe("a session is in its client's clinic", () => {
  // The care-team rule takes a session's clinic from the session row (lib/sessions/care-team.ts):
  // a session claiming another clinic than its client's would be seen by that clinic's caregivers.
  it("cannot be written into another clinic than its client's: the database refuses it", async () => {
    const a = await makeWorld();
    const b = await makeWorld();
    await db.careTeamMember.create({ data: { clientId: a.client.id, caregiverId: b.carer.id } });
    const before = await db.session.count({ where: { clientId: a.client.id } });
    const sql = new pg.Client({ connectionString: inject("databaseUrl") });
    await sql.connect();
    try {
      const insert = sql.query(
        `insert into "Session" ("clinicId", "clientId", "caregiverId", title, "chatId", "startAt", "updatedAt")
         values ($1, $2, $3, 'Elsewhere', $4, now(), now())`,
        [b.clinic.id, a.client.id, b.carer.id, randomId(20)],
      );
      await expect(insert).rejects.toMatchObject({ code: "23503" }); // foreign_key_violation
      const move = sql.query('update "Session" set "clinicId" = $1 where id = $2', [b.clinic.id, a.session.id]);
      await expect(move).rejects.toMatchObject({ code: "23503" });
    } finally {
      await sql.end();
    }
    expect(await db.session.count({ where: { clientId: a.client.id } })).toBe(before);
    const seen = await api("/gateway/profile/caregiver/session", { token: await b.token("carer") });
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain(a.u);
  });
});
