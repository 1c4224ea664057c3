// The operator erases a client's record at the clinic's request (docs/audit-log.md, "Erasure"):
// over real HTTP afterwards, the client's sign-in is dead, the staff cannot reach the client or its
// session, and the clinic's audit trail still lists who read the record before.
import { describe, expect, it } from "vitest";
import { admin as runAdmin } from "./support/admin-cli";
import { api, db, makeWorld } from "./support/world";

const admin = async (...args: string[]) => {
  const r = await runAdmin(...args);
  return { code: r.code, out: r.stdout + r.stderr };
};

describe("npm run admin -- erase-client", () => {
  it("erases the record: the client's token and password stop working, the staff find nothing, the trail keeps its rows", async () => {
    const w = await makeWorld();
    const [clientToken, staff, carer] = [await w.token("client"), await w.token("staff"), await w.token("carer")];
    const session = `/gateway/profile/caregiver/session/${w.session.id}`;
    expect((await api(session, { token: carer })).status).toBe(200);

    const r = await admin("erase-client", "--clinic", String(w.clinic.id), "--client", String(w.client.id));
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(new RegExp(`Erased client ${w.client.id} of clinic ${w.clinic.id}`));
    expect(r.out).toMatch(/sign-in\s+disabled/);

    expect((await api("/gateway/profile/client/assignment", { token: clientToken })).status).toBe(401);
    const signIn = await api("/gateway/uaa/oauth/token", {
      method: "POST",
      rawBody: new URLSearchParams({
        grant_type: "password",
        username: w.client.username,
        password: w.password,
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    // RFC 6749: an unknown username and password is invalid_grant (400), as for anyone.
    expect(signIn.status).toBe(400);
    expect(signIn.json.error).toBe("invalid_grant");
    expect((await api(`/gateway/profile/clinic/client/${w.client.id}`, { token: staff })).status).toBe(404);
    expect((await api(session, { token: staff })).status).toBe(404);
    expect((await api(session, { token: carer })).status).toBe(404);
    // Beside the session: its homework's timing (which names the client's language) answered the
    // staff 200 and wrote a read of it, and homework sent to it was 409 "closed", not 404 (found by
    // a privacy review, 2026-12-07).
    for (const token of [staff, carer]) expect((await api(`${session}/assignment-timing`, { token })).status).toBe(404);
    const homework = await api("/gateway/profile/caregiver/session/assignment", {
      method: "PUT",
      token: staff,
      body: { sessionId: w.session.id, bookIds: [w.book.id] },
    });
    expect(homework.status, homework.text).toBe(404);
    const trail = await api(`/gateway/profile/clinic/audit?clientId=${w.client.id}`, { token: staff });
    expect(trail.status).toBe(200);
    expect(trail.json.content).toEqual([
      expect.objectContaining({ action: "READ_SESSION", targetId: w.session.id, clientId: w.client.id }),
    ]);
  });

  it("refuses a client of another clinic with exit status 1, erasing nothing", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const r = await admin("erase-client", "--clinic", String(other.clinic.id), "--client", String(w.client.id));
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/not found/);
    const staff = await w.token("staff");
    expect((await api(`/gateway/profile/clinic/client/${w.client.id}`, { token: staff })).status).toBe(200);
  });
});

describe("npm run admin -- set-retention", () => {
  it("sets an institute's retention period, says how many records the next run erases, and sets it back to keep", async () => {
    const w = await makeWorld();
    const institute = String(w.institute.id);
    await db.client.update({ where: { id: w.client.id }, data: { status: "INACTIVE" } });
    await db.client.update({
      where: { id: w.client.id },
      data: { inactiveSince: new Date(Date.now() - 6 * 365 * 86_400_000) },
    });
    const set = await admin("set-retention", "--institute", institute, "--years", "5");
    expect(set.code, set.out).toBe(0);
    expect(set.out).toMatch(/5 years after the client became INACTIVE/);
    expect(set.out).toMatch(/erased at the next daily run\s+1\b/);
    expect((await db.institute.findUniqueOrThrow({ where: { id: w.institute.id } })).retentionYears).toBe(5);
    const keep = await admin("set-retention", "--institute", institute, "--keep");
    expect(keep.code, keep.out).toBe(0);
    expect((await db.institute.findUniqueOrThrow({ where: { id: w.institute.id } })).retentionYears).toBeNull();
  });

  it("refuses a period that is no whole number of years from 1 to 100, or none given, changing nothing", async () => {
    const w = await makeWorld();
    for (const years of ["0", "101", "2.5", "ten"]) {
      const r = await admin("set-retention", "--institute", String(w.institute.id), "--years", years);
      expect(r.code, r.out).toBe(2);
      expect(r.out).toMatch(/--years must be a whole number from 1 to 100/);
    }
    expect((await admin("set-retention", "--institute", String(w.institute.id))).code).toBe(2);
    expect((await db.institute.findUniqueOrThrow({ where: { id: w.institute.id } })).retentionYears).toBeNull();
  });
});
