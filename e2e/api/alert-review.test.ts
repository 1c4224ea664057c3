import { describe, expect, inject, it } from "vitest";
import { mailDrained } from "../support/mail-drained";
import { type CapturedMail, linkIn, mailTo, waitForMail } from "../support/mailbox";
import { quizAssignment, submitQuizAnswers } from "./support/alerted-homework";
import { queuedJob, runJobNow, runQueuedJobsNow } from "./support/jobs";
import { api, baseUrl, db, makeWorld, readBy, type World } from "./support/world";

// A caregiver marks an alert reviewed ("risk reviewed"); an urgent alert nobody marked reviewed
// within ALERT_ESCALATION_HOURS is emailed to the clinic's staff. The escalation's moment is brought
// to now by queueing its job again with the same key (the queue's own clock, not ours). When nobody
// has reviewed it ALERT_DUTY_HOURS after that either, the clinic's duty contact is emailed.
// docs/notifications.md, "Alerts".
const mailDir = inject("mailDir");

/** The world's client submits its quiz (q2 above 8 raises an urgent alert) in a new session. */
async function submitQuiz(w: World, q2: number, opts: { submit?: boolean } = {}) {
  const made = await quizAssignment(w, `Reviewed week ${w.u}`);
  if (opts.submit !== false) await submitQuizAnswers(w, made.id, q2);
  return made;
}

const review = async (w: World, who: "carer" | "outsider" | "staff" | "client", id: number) =>
  api(`/gateway/profile/caregiver/assignment/${String(id)}/alert-review`, {
    method: "POST",
    token: await w.token(who),
  });

const result = async (w: World, id: number) =>
  api(`/gateway/profile/caregiver/assignment/${String(id)}/result`, { token: await w.token("carer") });

const stored = (id: number) =>
  db.assignment.findUniqueOrThrow({
    where: { id },
    select: { alertReviewedAt: true, alertReviewerId: true, alertEscalatedAt: true },
  });

/**
 * An escalation's email: a link to the session's dashboard at the assignment, which the staff may
 * read (ids only), no settings link (they have none) and nothing of the client's care.
 */
function expectDashboardLinkOnly(w: World, mail: CapturedMail | undefined, sessionId: number, id: number) {
  expect(mail ? linkIn(mail, baseUrl) : "").toBe(
    `${baseUrl}/caregiver/sessions/${String(sessionId)}?assignment=${String(id)}`,
  );
  for (const part of [mail?.text ?? "", mail?.html ?? ""]) {
    expect(part).not.toContain("/settings");
    for (const secret of [w.client.name, `Reviewed week ${w.u}`, "Quiz", "Item 2 is very high"])
      expect(part).not.toContain(secret);
  }
}

/** The duty contact's job of an assignment's escalation, queued by it. */
const dutyJob = (id: number) => `alert-duty:${String(id)}:%`;

/** The escalation of an assignment's alert runs now. */
const escalateNow = (id: number) =>
  runJobNow(
    "alert-escalation",
    { assignmentId: id, unreachable: false, alertsOf: "submitted" },
    `alert-escalation:${String(id)}`,
  );

describe.concurrent("alert review", () => {
  it("records who on the care team reviewed an alert and when, shown with the result, audited", async () => {
    const w = await makeWorld();
    const { sessionId, id } = await submitQuiz(w, 10);
    const before = await result(w, id);
    expect(before.json.alertReview).toMatchObject({ reviewedAt: null, reviewedBy: null, escalatedAt: null });

    const r = await review(w, "carer", id);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({
      reviewedAt: expect.stringMatching(/^\d{4}\/\d\d\/\d\d \d\d:\d\d$/),
      reviewedBy: { id: w.carer.id, name: w.carer.name },
      escalatedAt: null,
      dutyToldAt: null,
      // Stored at the submit.
      alertsAt: expect.stringMatching(/^\d{4}\/\d\d\/\d\d \d\d:\d\d$/),
    });
    expect((await result(w, id)).json.alertReview).toEqual(r.json);
    const audit = await db.auditLog.count({
      where: { accountId: await readBy({ caregiverId: w.carer.id }), action: "READ_SESSION", targetId: sessionId },
    });
    // The result read twice, and the review.
    expect(audit).toBe(3);
  });

  it("keeps the first review when two caregivers of the care team mark it at once, and when marked again", async () => {
    const w = await makeWorld();
    await db.careTeamMember.create({ data: { clientId: w.client.id, caregiverId: w.outsider.id } });
    const { id } = await submitQuiz(w, 10);
    const [a, b] = await Promise.all([review(w, "carer", id), review(w, "outsider", id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toEqual(b.json);
    const row = await stored(id);
    expect([w.carer.id, w.outsider.id]).toContain(row.alertReviewerId);
    expect(a.json.reviewedBy.id).toBe(row.alertReviewerId);
    const again = await review(w, "carer", id);
    expect(again.json).toEqual(a.json);
    expect(await stored(id)).toEqual(row);
  });

  it("refuses, changing nothing: without an alert (409), not submitted (409), outside the care team (404), staff and client (403)", async () => {
    const w = await makeWorld();
    const quiet = await submitQuiz(w, 3);
    const pending = await submitQuiz(w, 10, { submit: false });
    const alerted = await submitQuiz(w, 10);
    for (const [who, id, status] of [
      ["carer", quiet.id, 409],
      ["carer", pending.id, 409],
      ["outsider", alerted.id, 404],
      ["staff", alerted.id, 403],
      ["client", alerted.id, 403],
      ["carer", 2_000_000_000, 404],
    ] as const) {
      const r = await review(w, who, id);
      expect(r.status, `${who} ${String(id)}: ${r.text}`).toBe(status);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
    }
    for (const id of [quiet.id, pending.id, alerted.id])
      expect(await stored(id)).toEqual({ alertReviewedAt: null, alertReviewerId: null, alertEscalatedAt: null });
    expect((await result(w, quiet.id)).json.alertReview).toBeNull();
  });

  it("answers 404 to a caregiver who left the client's clinic, though their care-team row was left behind", async () => {
    const w = await makeWorld();
    const { id } = await submitQuiz(w, 10);
    // Told while still in the clinic (else, nobody on the care team reachable, the staff would be
    // told at once: another test).
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    await db.caregiverClinic.deleteMany({ where: { caregiverId: w.carer.id, clinicId: w.clinic.id } });
    const r = await review(w, "carer", id);
    expect(r.status, r.text).toBe(404);
    expect(await stored(id)).toEqual({ alertReviewedAt: null, alertReviewerId: null, alertEscalatedAt: null });
  });

  it("emails the clinic's staff when nobody reviewed an urgent alert in time, without health data, and records it", async () => {
    const w = await makeWorld();
    const { sessionId, id } = await submitQuiz(w, 10);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    await escalateNow(id);
    const [mail] = await waitForMail(mailDir, w.staff.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("An urgent alert has not been reviewed");
    expect(mail?.text).toContain("nobody on the client's care team has marked it reviewed");
    expectDashboardLinkOnly(w, mail, sessionId, id);
    const shown = (await result(w, id)).json.alertReview;
    expect(shown).toMatchObject({ reviewedAt: null, escalatedAt: expect.any(String) });
    // Run again (a worker that died after sending), it tells nobody twice.
    await escalateNow(id);
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, w.staff.email)).toHaveLength(1);
    // A review after the escalation is still recorded.
    const r = await review(w, "carer", id);
    expect(r.json).toMatchObject({ reviewedBy: { id: w.carer.id }, escalatedAt: shown.escalatedAt });
  });

  it("emails nobody once a caregiver has reviewed the alert", async () => {
    const w = await makeWorld();
    const { id } = await submitQuiz(w, 10);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    expect((await review(w, "carer", id)).status).toBe(200);
    await escalateNow(id);
    expect((await stored(id)).alertEscalatedAt).toBeNull();
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, w.staff.email)).toEqual([]);
    expect(mailTo(mailDir, w.clinic.email)).toEqual([]);
  });

  it("tells the staff at once when nobody on the care team can be told, and the clinic's address when no staff can sign in", async () => {
    const w = await makeWorld();
    await db.careTeamMember.deleteMany({ where: { clientId: w.client.id } });
    await db.account.updateMany({ where: { staffId: w.staff.id }, data: { disabled: true } });
    const { id } = await submitQuiz(w, 10);
    const [mail] = await waitForMail(mailDir, w.clinic.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("An urgent alert has not been reviewed");
    expect(mail?.text).toContain("nobody on the client's care team could be told");
    expect((await stored(id)).alertEscalatedAt).not.toBeNull();
    expect(mailTo(mailDir, w.staff.email)).toEqual([]);
  });

  it("tells the clinic's duty contact when nobody reviewed the alert a day after the staff were told either, once, without health data", async () => {
    const w = await makeWorld();
    const duty = `duty-${w.u}@test.test`;
    await db.clinic.update({ where: { id: w.clinic.id }, data: { dutyEmail: duty } });
    const { sessionId, id } = await submitQuiz(w, 10);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    await escalateNow(id);
    await waitForMail(mailDir, w.staff.email, { timeoutMs: 30_000 });
    // Queued with the staff's email, due ALERT_DUTY_HOURS (24) after it.
    const job = await queuedJob(dutyJob(id));
    const { alertEscalatedAt } = await stored(id);
    expect(Math.abs(job.run_at.getTime() - (alertEscalatedAt?.getTime() ?? 0) - 24 * 3_600_000)).toBeLessThan(120_000);
    expect(mailTo(mailDir, duty)).toEqual([]);

    await runQueuedJobsNow(dutyJob(id));
    const [mail] = await waitForMail(mailDir, duty, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("An urgent alert is still not reviewed");
    expect(mail?.text).toContain(`A client of ${w.clinic.name} has submitted answers that raise an urgent alert.`);
    // Counted from the staff's email (here brought forward: under an hour, said as one).
    expect(mail?.text).toContain(
      "Nobody on the client's care team has marked it reviewed, and the clinic's staff were told an hour ago.",
    );
    expectDashboardLinkOnly(w, mail, sessionId, id);
    // The care team sees who was told, on the result and in the alerts to review.
    const shown = (await result(w, id)).json.alertReview;
    expect(shown).toMatchObject({ reviewedAt: null, escalatedAt: expect.any(String), dutyToldAt: expect.any(String) });
    const list = await api("/gateway/profile/caregiver/alert", { token: await w.token("carer") });
    expect(list.json.content).toEqual([
      expect.objectContaining({ assignmentId: id, escalatedAt: shown.escalatedAt, dutyToldAt: shown.dutyToldAt }),
    ]);
    // Run again (a worker that died after sending), it tells nobody twice; nor the staff again.
    await runJobNow("alert-duty", job.payload as never, job.key);
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, duty)).toHaveLength(1);
    expect(mailTo(mailDir, w.staff.email)).toHaveLength(1);
    expect(mailTo(mailDir, w.clinic.email)).toEqual([]);
  });

  it("tells no duty contact once a caregiver reviewed the alert after the staff were told, and the clinic's address when it names none", async () => {
    const reviewed = await makeWorld();
    await db.clinic.update({ where: { id: reviewed.clinic.id }, data: { dutyEmail: `duty-${reviewed.u}@test.test` } });
    const first = await submitQuiz(reviewed, 10);
    const unnamed = await makeWorld();
    const second = await submitQuiz(unnamed, 10);
    for (const [w, id] of [
      [reviewed, first.id],
      [unnamed, second.id],
    ] as const) {
      await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
      await escalateNow(id);
    }
    expect((await review(reviewed, "carer", first.id)).status).toBe(200);
    // Each escalation queued its duty job.
    await queuedJob(dutyJob(first.id));
    await queuedJob(dutyJob(second.id));
    await runQueuedJobsNow(dutyJob(first.id));
    await runQueuedJobsNow(dutyJob(second.id));

    // No duty contact named: the clinic's own address, which the staff's escalation did not use.
    const [mail] = await waitForMail(mailDir, unnamed.clinic.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("An urgent alert is still not reviewed");
    expect((await result(unnamed, second.id)).json.alertReview.dutyToldAt).toEqual(expect.any(String));
    // Reviewed in between: nobody told, nothing marked.
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, `duty-${reviewed.u}@test.test`)).toEqual([]);
    expect(mailTo(mailDir, reviewed.clinic.email)).toEqual([]);
    expect(
      await db.assignment.findUniqueOrThrow({ where: { id: first.id }, select: { alertDutyToldAt: true } }),
    ).toEqual({
      alertDutyToldAt: null,
    });
  });
});
