// A caregiver sees a client (its sessions, image, homework, feedback-due items) only while on its
// care team AND a member of the client's clinic. Removal from a clinic, by the operator's CLI, takes
// them off that clinic's care teams; a care-team row left over from before (no membership) grants
// nothing either. Their other clinic keeps working, and the clinic keeps the sessions they owned.
import { describe, expect, it } from "vitest";
import { makeClient, makeClinic, makeSession } from "@/prisma/factories";
import { admin as runAdmin } from "./support/admin-cli";
import { api, db, readBy, makeWorld, PNG_1x1, uid, type World } from "./support/world";

/** `npm run admin -- <args>` against the test database; its output, whatever the exit status. */
async function admin(...args: string[]): Promise<{ output: string }> {
  const r = await runAdmin(...args);
  return { output: r.stdout + r.stderr };
}

/** The world's caregiver also works in a second clinic of the institute, with a client there. */
async function twoClinics() {
  const w = await makeWorld();
  const u = uid();
  const imaged = await makeClient(db, {
    clinicId: w.clinic.id,
    name: `Imaged ${u}`,
    email: `imaged-${u}@test.test`,
    careTeam: [w.caregiver.id],
    image: { bytes: Buffer.from(PNG_1x1, "base64"), type: "image/png" },
  });
  const other = await makeClinic(db, {
    name: `Other ${u}`,
    email: `other-${u}@test.test`,
    instituteId: w.institute.id,
  });
  await db.caregiverClinic.create({
    data: { caregiverId: w.caregiver.id, clinicId: other.id, instituteId: w.institute.id },
  });
  const otherClient = await makeClient(db, {
    clinicId: other.id,
    name: `Other client ${u}`,
    email: `oc-${u}@test.test`,
    careTeam: [w.caregiver.id],
  });
  const book = w.book; // any module will do for the other clinic's homework row
  const otherSession = await makeSession(db, {
    clinicId: other.id,
    clientId: otherClient.id,
    caregiverId: w.caregiver.id,
    title: `Other session ${u}`,
    startAt: new Date(Date.now() - 86400_000),
    assignments: [
      { bookId: book.id, moduleId: book.modules[2]!.id, status: "COMPLETE", feedbackStatus: "WAITING", score: 1 },
    ],
  });
  return { w, imaged, other, otherClient, otherSession };
}

type Setup = Awaited<ReturnType<typeof twoClinics>>;

/** `since`: the last audit row before the caregiver left; refused reads write none after it. */
async function expectNothingOfFirstClinic({ w, imaged }: Setup, carer: string, since = 0) {
  const waiting = (
    await db.assignment.findFirstOrThrow({
      where: { sessionId: w.session.id, feedbackStatus: "WAITING" },
      select: { id: true },
    })
  ).id;
  for (const path of [
    `/gateway/profile/caregiver/session/${w.session.id}`,
    `/gateway/profile/clinic/client/${w.client.id}`,
    `/gateway/profile/clinic/client/${imaged.id}`,
    `/gateway/profile/clinic/client/${imaged.id}/image`,
  ]) {
    const r = await api(path, { token: carer });
    expect(r.status, path).toBe(404);
    expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  }
  expect(
    (
      await api(`/gateway/profile/caregiver/assignment/${waiting}/feedback`, {
        token: carer,
        body: { text: "still here?" },
      })
    ).status,
  ).toBe(404);
  expect(
    (
      await api(`/gateway/profile/caregiver/session/${w.session.id}/feedback`, {
        token: carer,
        body: { text: "still here?" },
      })
    ).status,
  ).toBe(404);
  expect(
    (await api(`/gateway/profile/caregiver/session/${w.session.id}/close`, { method: "POST", token: carer })).status,
  ).toBe(404);
  expect((await api(`/gateway/profile/clinic/design-plan?clinicId=${w.clinic.id}`, { token: carer })).status).toBe(404);

  const sessions = await api(`/gateway/profile/caregiver/session?size=100`, { token: carer });
  expect(sessions.status).toBe(200);
  expect(sessions.json.content.map((s: { clientId: number }) => s.clientId)).not.toContain(w.client.id);
  expect(
    (await api(`/gateway/profile/caregiver/session?clientId=${w.client.id}`, { token: carer })).json,
  ).toMatchObject({ content: [], totalElements: 0 });
  const due = await api(`/gateway/profile/caregiver/assignment?size=100`, { token: carer });
  expect(due.status).toBe(200);
  expect(due.json.content.map((a: { clientId: number }) => a.clientId)).not.toContain(w.client.id);
  // The clients list is the clinic's (staff and institute); a caregiver never had it.
  expect((await api(`/gateway/profile/clinic/client?clinicId=${w.clinic.id}`, { token: carer })).status).toBe(403);
  // Refused reads leave no audit row in the clinic.
  expect(
    await db.auditLog.count({
      where: { clinicId: w.clinic.id, accountId: await readBy({ caregiverId: w.caregiver.id }), id: { gt: since } },
    }),
  ).toBe(0);
}

async function expectOtherClinicWorks({ otherClient, otherSession }: Setup, carer: string) {
  expect((await api(`/gateway/profile/caregiver/session/${otherSession.id}`, { token: carer })).status).toBe(200);
  expect((await api(`/gateway/profile/clinic/client/${otherClient.id}`, { token: carer })).status).toBe(200);
  const sessions = await api(`/gateway/profile/caregiver/session?size=100`, { token: carer });
  expect(sessions.json.content.map((s: { id: number }) => s.id)).toEqual([otherSession.id]);
  const due = await api(`/gateway/profile/caregiver/assignment?size=100`, { token: carer });
  expect(due.json.content.map((a: { sessionId: number }) => a.sessionId)).toEqual([otherSession.id]);
}

async function expectClinicKeepsSessions(w: World) {
  const staff = await w.token("staff");
  const s = await api(`/gateway/profile/caregiver/session/${w.session.id}`, { token: staff });
  expect(s.status).toBe(200);
  expect(s.json).toMatchObject({ caregiverId: w.caregiver.id, isClosed: false });
  expect((await api(`/gateway/profile/clinic/client/${w.client.id}`, { token: staff })).status).toBe(200);
}

describe("scope follows clinic membership", () => {
  it("before removal the caregiver reads both clinics (the baseline the removal changes)", async () => {
    const t = await twoClinics();
    const carer = await t.w.token("carer");
    expect((await api(`/gateway/profile/caregiver/session/${t.w.session.id}`, { token: carer })).status).toBe(200);
    expect((await api(`/gateway/profile/clinic/client/${t.imaged.id}/image`, { token: carer })).status).toBe(200);
    const sessions = await api(`/gateway/profile/caregiver/session?size=100`, { token: carer });
    expect(sessions.json.content.map((s: { id: number }) => s.id)).toEqual(
      expect.arrayContaining([t.w.session.id, t.otherSession.id]),
    );
  });

  it("the operator's remove-caregiver command ends membership and care teams at once: 404 for that clinic, the other still works", async () => {
    const t = await twoClinics();
    const carer = await t.w.token("carer");
    expect((await api(`/gateway/profile/caregiver/session/${t.w.session.id}`, { token: carer })).status).toBe(200);
    // The trail is append-only: the rows of the reads before the removal stay, and those after it
    // are counted from here.
    const before = await db.auditLog.aggregate({ _max: { id: true } });

    const cli = await admin(
      "remove-caregiver",
      "--caregiver",
      String(t.w.caregiver.id),
      "--clinic",
      String(t.w.clinic.id),
    );
    expect(cli.output).toMatch(/Removed caregiver \d+ from clinic \d+/);
    expect(cli.output).toMatch(/care teams left\s+2/);
    expect(await db.caregiverClinic.count({ where: { caregiverId: t.w.caregiver.id, clinicId: t.w.clinic.id } })).toBe(
      0,
    );
    expect(
      await db.careTeamMember.count({ where: { caregiverId: t.w.caregiver.id, client: { clinicId: t.w.clinic.id } } }),
    ).toBe(0);
    expect(
      await db.careTeamMember.count({ where: { caregiverId: t.w.caregiver.id, client: { clinicId: t.other.id } } }),
    ).toBe(1);

    await expectNothingOfFirstClinic(t, carer, before._max.id ?? 0);
    await expectOtherClinicWorks(t, carer);
    await expectClinicKeepsSessions(t.w);
  }, 60_000);

  it("a care-team row without membership (data from before removal took care teams along) grants nothing", async () => {
    const t = await twoClinics();
    const carer = await t.w.token("carer");
    await db.caregiverClinic.delete({
      where: { caregiverId_clinicId: { caregiverId: t.w.caregiver.id, clinicId: t.w.clinic.id } },
    });
    expect(
      await db.careTeamMember.count({ where: { caregiverId: t.w.caregiver.id, client: { clinicId: t.w.clinic.id } } }),
    ).toBe(2);

    await expectNothingOfFirstClinic(t, carer);
    await expectOtherClinicWorks(t, carer);
    await expectClinicKeepsSessions(t.w);
  });

  it("removing a caregiver who is not in the clinic fails loudly and changes nothing", async () => {
    const t = await twoClinics();
    const stranger = await makeClinic(db, {
      name: `Stranger ${uid()}`,
      email: `stranger-${uid()}@test.test`,
      instituteId: t.w.institute.id,
    });
    const failed = await admin(
      "remove-caregiver",
      "--caregiver",
      String(t.w.caregiver.id),
      "--clinic",
      String(stranger.id),
    );
    expect(failed.output).toMatch(/Error: caregiver \d+ is not a member of clinic \d+/);
    expect(await db.caregiverClinic.count({ where: { caregiverId: t.w.caregiver.id } })).toBe(2);
  }, 60_000);
});
