import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { mailDrained } from "../support/mail-drained";
import { linkIn, mailTo, waitForMail } from "../support/mailbox";
import { quizAssignment, submitQuizAnswers } from "./support/alerted-homework";
import { jobDue, queuedJob, queuedJobs, runJobNow, runQueuedJobsNow } from "./support/jobs";
import { untilWaitingOnLock } from "./support/lock-wait";
import { api, baseUrl, db, makeWorld, type World } from "./support/world";

// A client who saves an answer that raises an urgent alert (the world's quiz: q2 above 8) and does
// not submit: SAVED_ALERT_MINUTES later (60) the care team is told, as of a submit, unless the
// client has submitted or changed the answer by then. The job's moment is brought to now by
// queueing it again with its key. docs/notifications.md, "Alerts".
const mailDir = inject("mailDir");

const save = async (w: World, id: number, q2: number) => {
  const r = await api(`/gateway/profile/client/assignment/${String(id)}/autosave`, {
    method: "PUT",
    token: await w.token("client"),
    body: { answers: [{ questionKey: "q2", value: q2 }] },
  });
  expect(r.status, r.text).toBe(200);
};

const result = async (w: World, id: number) =>
  (await api(`/gateway/profile/caregiver/assignment/${String(id)}/result`, { token: await w.token("carer") })).json;

const key = (id: number) => `saved-alert:${String(id)}`;
const tellNow = (id: number) => runJobNow("saved-alert", { assignmentId: id }, key(id));
/** The saved alerts' escalation, ALERT_ESCALATION_HOURS after the care team was told, runs now. */
const escalateSavedNow = (id: number) =>
  runJobNow(
    "alert-escalation",
    { assignmentId: id, unreachable: false, alertsOf: "saved" },
    `alert-escalation:${String(id)}:saved`,
  );

describe.concurrent("alerts on answers saved but not submitted", () => {
  it("tells the care team of an urgent answer left unsubmitted, once, keeping the answer as it was saved", async () => {
    const w = await makeWorld();
    const { sessionId, id } = await quizAssignment(w, `Saved week ${w.u}`);
    const before = Date.now();
    await save(w, id, 10);
    // Due an hour after the save; a second save keeps that moment.
    const due = (await jobDue(key(id)))?.getTime() ?? 0;
    expect(due - before).toBeGreaterThan(59 * 60_000);
    expect(due - before).toBeLessThan(61 * 60_000);
    await save(w, id, 9);
    expect((await jobDue(key(id)))?.getTime()).toBe(due);

    await tellNow(id);
    const [mail] = await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("An answer needs your attention");
    expect(mail?.text).toMatch(/^A client you follow has saved answers, without submitting them, that raise an urgent/);
    expect(mail ? linkIn(mail, baseUrl) : "").toBe(
      `${baseUrl}/caregiver/sessions/${String(sessionId)}?assignment=${String(id)}`,
    );
    for (const part of [mail?.text ?? "", mail?.html ?? ""])
      for (const secret of [w.client.name, "Item 2", "very high"]) expect(part).not.toContain(secret);

    const told = await result(w, id);
    expect(told.status).toBe("IN_PROGRESS");
    expect(told.alerts).toEqual([
      {
        question: "q2",
        questionLabel: { en: "Item 2", fr: "Item 2" },
        answer: { en: "9" },
        value: 9,
        previous: null,
        first: null,
        urgent: true,
        message: { en: "Item 2 is very high", fr: "L'item 2 est très élevé" },
      },
    ]);
    expect(told.alertReview).toMatchObject({ reviewedAt: null, reviewedBy: null, escalatedAt: null });
    expect(await queuedJobs(`alert-escalation:${String(id)}:saved`)).toBe(1);

    // The client changes the answer: the care team still sees what they were told of, beside it.
    await save(w, id, 2);
    const changed = await result(w, id);
    expect(changed.alerts[0]).toMatchObject({ answer: { en: "9" }, value: 9 });
    expect(changed.answers.find((a: { questionKey: string }) => a.questionKey === "q2")).toMatchObject({ value: 2 });
    // Told once: the job again, and the same urgent answer saved again, tell nobody more.
    await tellNow(id);
    await save(w, id, 9);
    await tellNow(id);
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, w.carer.email)).toHaveLength(1);

    // Nobody looked in time: the staff are told, in the same words.
    await escalateSavedNow(id);
    const [staffMail] = await waitForMail(mailDir, w.staff.email, { timeoutMs: 30_000 });
    expect(staffMail?.text).toMatch(
      /^A client of your clinic has saved answers, without submitting them, that raise an urgent alert, and nobody/,
    );

    // A caregiver marks it reviewed.
    const reviewed = await api(`/gateway/profile/caregiver/assignment/${String(id)}/alert-review`, {
      method: "POST",
      token: await w.token("carer"),
    });
    expect(reviewed.status, reviewed.text).toBe(200);
    expect(reviewed.json.reviewedBy).toEqual({ id: w.carer.id, name: w.carer.name });
  });

  it("tells the care team again of a saved answer worse than the one they were told of, for a review of its own", async () => {
    const w = await makeWorld();
    const { id } = await quizAssignment(w, `Worse week ${w.u}`);
    await save(w, id, 9);
    await tellNow(id);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    const escalation = `alert-escalation:${String(id)}:saved`;
    const firstDue = (await jobDue(escalation))?.getTime() ?? 0;
    const review = async (alertsAt: string) =>
      api(
        `/gateway/profile/caregiver/assignment/${String(id)}/alert-review?alertsOf=saved&alertsAt=${encodeURIComponent(alertsAt)}`,
        { method: "POST", token: await w.token("carer") },
      );
    const seen = (await result(w, id)).alertReview.alertsAt;
    expect(seen).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    const reviewed = await review(seen);
    expect(reviewed.status, reviewed.text).toBe(200);

    // Worse after the review: 10 where they were told of 9. The save plans the notice again.
    await save(w, id, 10);
    expect(await queuedJobs(key(id))).toBe(1);
    await tellNow(id);
    const mails = await waitForMail(mailDir, w.carer.email, { count: 2, timeoutMs: 30_000 });
    expect(mails[1]?.text).toMatch(
      /^A client you follow has saved answers, without submitting them, that raise an urgent/,
    );
    const again = await result(w, id);
    expect(again.alerts).toEqual([expect.objectContaining({ question: "q2", value: 10, answer: { en: "10" } })]);
    // The review was of the 9: the 10 needs its own, and the staff are told if nobody gives it in
    // ALERT_ESCALATION_HOURS from this notice, not from the first one.
    expect(again.alertReview).toMatchObject({ reviewedAt: null, reviewedBy: null, escalatedAt: null });
    // The review of the 9 stays on record with the 9, cleared when the 10 was stored.
    expect(again.earlierAlertReviews).toEqual([
      {
        alertsAt: seen,
        alerts: [expect.objectContaining({ question: "q2", value: 9, answer: { en: "9" }, urgent: true })],
        reviewedAt: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/),
        reviewedBy: { id: w.carer.id, name: w.carer.name },
        escalatedAt: null,
        dutyToldAt: null,
        clearedAt: again.alertReview.alertsAt,
      },
    ]);
    expect(await queuedJobs(escalation)).toBe(1);
    expect((await jobDue(escalation))?.getTime()).toBeGreaterThan(firstDue);

    // A review of the alerts as they were before marks nothing; of those stored now, it does.
    await db.assignment.update({ where: { id }, data: { alertsAt: new Date(Date.now() - 3_600_000) } });
    const older = (await result(w, id)).alertReview.alertsAt;
    await db.assignment.update({ where: { id }, data: { alertsAt: new Date() } });
    const stale = await review(older);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.json.detail).toMatch(/changed since/);
    expect((await result(w, id)).alertReview.reviewedAt).toBeNull();
    expect((await review((await result(w, id)).alertReview.alertsAt)).status).toBe(200);

    // Back to 9, then 10 again: no worse than what they were told of, so nobody is told.
    await save(w, id, 9);
    await tellNow(id);
    await save(w, id, 10);
    await tellNow(id);
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, w.carer.email)).toHaveLength(2);
    expect((await result(w, id)).alerts).toEqual([expect.objectContaining({ value: 10 })]);
    const bad = await review("yesterday");
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { path: string }) => e.path)).toEqual(["query.alertsAt"]);
  });

  it("tells nobody when the client submits first or changes the answer in time, nor for an answer below the rule", async () => {
    const w = await makeWorld();
    const submitted = await quizAssignment(w, `Submitted week ${w.u}`);
    await save(w, submitted.id, 10);
    await submitQuizAnswers(w, submitted.id, 10);
    const changed = await quizAssignment(w, `Changed week ${w.u}`);
    await save(w, changed.id, 10);
    await save(w, changed.id, 4);
    const calm = await quizAssignment(w, `Calm week ${w.u}`);
    await save(w, calm.id, 8);
    expect(await queuedJobs(key(calm.id))).toBe(0);

    await tellNow(submitted.id);
    await tellNow(changed.id);
    await mailDrained(db, mailDir);
    // Only the submit's own notice.
    const mails = mailTo(mailDir, w.carer.email);
    expect(mails.map((m) => m.text.split(" that ")[0])).toEqual(["A client you follow has submitted answers"]);
    expect((await result(w, changed.id)).alerts).toEqual([]);
  });

  it("a submit after the care team was told replaces the saved alerts with its own, for a review of their own", async () => {
    const w = await makeWorld();
    const { id } = await quizAssignment(w, `Told week ${w.u}`);
    await save(w, id, 10);
    await tellNow(id);
    const carer = await w.token("carer");
    const review = () =>
      api(`/gateway/profile/caregiver/assignment/${String(id)}/alert-review`, { method: "POST", token: carer });
    expect((await review()).status).toBe(200);
    await submitQuizAnswers(w, id, 9);
    const after = await result(w, id);
    expect(after.status).toBe("COMPLETE");
    expect(after.alerts).toEqual([expect.objectContaining({ question: "q2", value: 9, answer: { en: "9" } })]);
    expect(after.alertReview).toMatchObject({ reviewedAt: null, reviewedBy: null, escalatedAt: null });
    // The review of the saved alerts stays on record, cleared by the submit.
    expect(after.earlierAlertReviews).toEqual([
      expect.objectContaining({ reviewedBy: { id: w.carer.id, name: w.carer.name }, clearedAt: after.submitDate }),
    ]);
    expect((await review()).json.reviewedBy).toEqual({ id: w.carer.id, name: w.carer.name });
    // A submit refused (already submitted) clears nothing, so keeps nothing.
    const twice = await api(`/gateway/profile/client/assignment/${String(id)}/submit`, {
      token: await w.token("client"),
      body: {
        answers: [
          { questionKey: "q1", value: 1 },
          { questionKey: "q2", value: 10 },
        ],
      },
    });
    expect(twice.status).toBe(409);
    expect((await result(w, id)).earlierAlertReviews).toHaveLength(1);
    // A submit of an assignment nobody reviewed or escalated keeps nothing.
    const quiet = await quizAssignment(w, `Quiet week ${w.u}`);
    await submitQuizAnswers(w, quiet.id, 10);
    expect((await result(w, quiet.id)).earlierAlertReviews).toEqual([]);
    // Saved alerts nobody reviewed, escalated to the staff, then submitted: the escalation stays.
    const escalated = await quizAssignment(w, `Escalated week ${w.u}`);
    await save(w, escalated.id, 10);
    await tellNow(escalated.id);
    await escalateSavedNow(escalated.id);
    const told = (await result(w, escalated.id)).alertReview;
    expect(told.escalatedAt).not.toBeNull();
    await submitQuizAnswers(w, escalated.id, 10);
    expect((await result(w, escalated.id)).earlierAlertReviews).toEqual([
      expect.objectContaining({ alertsAt: told.alertsAt, reviewedAt: null, escalatedAt: told.escalatedAt }),
    ]);
    // Both wait, listed once as the submitted alerts; their review marks the earlier ones too.
    const listed = async () =>
      (
        (await api("/gateway/profile/caregiver/alert", { token: carer })).json.content as {
          assignmentId: number;
          alertsOf: string;
        }[]
      ).filter((a) => a.assignmentId === escalated.id);
    expect((await listed()).map((a) => a.alertsOf)).toEqual(["submitted"]);
    const marked = await api(`/gateway/profile/caregiver/assignment/${String(escalated.id)}/alert-review`, {
      method: "POST",
      token: carer,
    });
    expect(marked.status, marked.text).toBe(200);
    expect((await result(w, escalated.id)).earlierAlertReviews).toEqual([
      expect.objectContaining({
        reviewedAt: marked.json.reviewedAt,
        reviewedBy: { id: w.carer.id, name: w.carer.name },
      }),
    ]);
    expect(await listed()).toEqual([]);
  });

  it("a worrying answer saved, told to the care team, then submitted without it before anyone looked stays to review", async () => {
    const w = await makeWorld();
    const { id } = await quizAssignment(w, `Taken back week ${w.u}`);
    await save(w, id, 10);
    await tellNow(id);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    const told = (await result(w, id)).alertReview;
    const alertsToReview = async () =>
      JSON.stringify((await api("/gateway/profile/caregiver/alert", { token: await w.token("carer") })).json);
    expect(await alertsToReview()).toContain(`"assignmentId":${String(id)},`);
    // The client takes the answer back and submits before anyone reviewed or escalated it.
    await submitQuizAnswers(w, id, 0);
    const after = await result(w, id);
    expect(after.status).toBe("COMPLETE");
    expect(after.alerts).toEqual([]);
    expect(after.alertReview).toBeNull();
    expect(after.earlierAlertReviews).toEqual([
      {
        alertsAt: told.alertsAt,
        alerts: [expect.objectContaining({ question: "q2", value: 10, answer: { en: "10" }, urgent: true })],
        reviewedAt: null,
        reviewedBy: null,
        escalatedAt: null,
        dutyToldAt: null,
        clearedAt: after.submitDate,
      },
    ]);
    // Nobody has looked at it: it still waits in the care team's list, as an earlier alert.
    const listed = async () =>
      (
        (await api("/gateway/profile/caregiver/alert", { token: await w.token("carer") })).json.content as {
          assignmentId: number;
        }[]
      ).filter((a) => a.assignmentId === id);
    expect(await listed()).toEqual([
      expect.objectContaining({ alertsOf: "earlier", since: told.alertsAt, escalatedAt: null }),
    ]);

    // Nobody looks in time: the staff are told, at the saved alerts' moment, as of saved answers.
    await escalateSavedNow(id);
    const [staffMail] = await waitForMail(mailDir, w.staff.email, { timeoutMs: 30_000 });
    expect(staffMail?.text).toMatch(
      /^A client of your clinic saved answers that raised an urgent alert before submitting/,
    );
    for (const secret of [w.client.name, "Item 2", "very high"]) expect(staffMail?.text).not.toContain(secret);
    const escalatedAt = (await result(w, id)).earlierAlertReviews[0].escalatedAt;
    expect(escalatedAt).not.toBeNull();
    expect(await listed()).toEqual([expect.objectContaining({ alertsOf: "earlier", escalatedAt })]);

    // A review names the earlier alerts it saw by their moment: one that finds alerts kept since
    // marks nothing; of those shown, it marks them, and marking again answers the first review.
    const review = async (alertsAt: string) =>
      api(
        `/gateway/profile/caregiver/assignment/${String(id)}/alert-review?alertsOf=earlier&alertsAt=${encodeURIComponent(alertsAt)}`,
        { method: "POST", token: await w.token("carer") },
      );
    await db.earlierAlertReview.updateMany({
      where: { assignmentId: id },
      data: { alertsAt: new Date(Date.now() + 3_600_000) },
    });
    const stale = await review(told.alertsAt);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.json.detail).toMatch(/changed since/);
    expect((await result(w, id)).earlierAlertReviews[0].reviewedAt).toBeNull();
    const shown = (await result(w, id)).earlierAlertReviews[0].alertsAt;
    // Two at once: the second waits for the first and answers its review.
    const [marked, twin] = await Promise.all([review(shown), review(shown)]);
    expect(marked.status, marked.text).toBe(200);
    expect(twin.json).toEqual(marked.json);
    expect(marked.json).toMatchObject({
      reviewedBy: { id: w.carer.id, name: w.carer.name },
      alertsAt: shown,
      escalatedAt,
    });
    expect(await listed()).toEqual([]);
    const again = await review(shown);
    expect(again.json).toEqual(marked.json);
    expect((await result(w, id)).earlierAlertReviews[0]).toMatchObject({
      reviewedAt: marked.json.reviewedAt,
      reviewedBy: { id: w.carer.id, name: w.carer.name },
    });
    // An assignment without earlier alerts has none to mark.
    const quiet = await quizAssignment(w, `Quiet earlier week ${w.u}`);
    const none = await api(`/gateway/profile/caregiver/assignment/${String(quiet.id)}/alert-review?alertsOf=earlier`, {
      method: "POST",
      token: await w.token("carer"),
    });
    expect(none.status).toBe(409);
    expect(none.json.detail).toMatch(/no earlier alerts/);
  });

  it("keeps a review that commits while the submit that clears it waits on the assignment", async () => {
    const w = await makeWorld();
    const { id } = await quizAssignment(w, `Racing week ${w.u}`);
    await save(w, id, 10);
    await tellNow(id);
    const conn = new pg.Client({ connectionString: inject("databaseUrl") });
    await conn.connect();
    try {
      // A review in flight: its update holds the assignment's row, not yet committed.
      await conn.query("begin");
      await conn.query(`update "Assignment" set "alertReviewedAt" = now(), "alertReviewerId" = $1 where id = $2`, [
        w.carer.id,
        id,
      ]);
      const submit = submitQuizAnswers(w, id, 10);
      // The submit's clearing statement waits for the row (or the submit is done).
      await Promise.race([untilWaitingOnLock(conn, '%"EarlierAlertReview"%'), submit]);
      await conn.query("commit");
      await submit;
    } finally {
      await conn.end();
    }
    const after = await result(w, id);
    expect(after.alertReview).toMatchObject({ reviewedAt: null, reviewedBy: null });
    expect(after.earlierAlertReviews).toEqual([
      expect.objectContaining({ reviewedBy: { id: w.carer.id, name: w.carer.name }, clearedAt: after.submitDate }),
    ]);
  });

  it("a submit's alerts get their own escalation moment: the saved alerts' one, due after the submit, tells nobody", async () => {
    const w = await makeWorld();
    const { id } = await quizAssignment(w, `Moment week ${w.u}`);
    await save(w, id, 10);
    await tellNow(id);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    await submitQuizAnswers(w, id, 10);
    await waitForMail(mailDir, w.carer.email, { count: 2, timeoutMs: 30_000 });
    // Told of the submit now, the staff are told ALERT_ESCALATION_HOURS from now if nobody looks.
    const submitted = `alert-escalation:${String(id)}`;
    expect(((await jobDue(submitted))?.getTime() ?? 0) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // The saved alerts' hours are up: their escalation finds the answers submitted, and does nothing.
    await escalateSavedNow(id);
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, w.staff.email)).toEqual([]);
    expect((await result(w, id)).alertReview.escalatedAt).toBeNull();
    // Nor the earlier alerts nobody reviewed, which wait with the submitted ones: at the submit's
    // moment, its escalation takes them along, in one email.
    expect((await result(w, id)).earlierAlertReviews).toEqual([expect.objectContaining({ escalatedAt: null })]);
    await runJobNow("alert-escalation", { assignmentId: id, unreachable: false, alertsOf: "submitted" }, submitted);
    const [mail] = await waitForMail(mailDir, w.staff.email, { timeoutMs: 30_000 });
    expect(mail?.text).toMatch(/^A client of your clinic has submitted answers that raise an urgent alert/);
    const after = await result(w, id);
    expect(after.alertReview.escalatedAt).not.toBeNull();
    expect(after.earlierAlertReviews).toEqual([
      expect.objectContaining({ escalatedAt: after.alertReview.escalatedAt }),
    ]);
  });

  it("a review of earlier alerts answers the review it wrote, even with newer earlier alerts reviewed before", async () => {
    const w = await makeWorld();
    const { id } = await quizAssignment(w, `Two earlier week ${w.u}`);
    await submitQuizAnswers(w, id, 0);
    // An older earlier alert nobody reviewed, and a newer one another caregiver reviewed
    // (rows kept before a review of the assignment's own alerts marked the earlier ones too).
    const alerts = [{ question: "q2", value: 10, message: { en: "Item 2 is very high" }, urgent: true }];
    const hour = 3_600_000;
    await db.earlierAlertReview.createMany({
      data: [
        {
          assignmentId: id,
          alerts,
          alertsAt: new Date(Date.now() - 3 * hour),
          clearedAt: new Date(Date.now() - 2 * hour),
        },
        {
          assignmentId: id,
          alerts,
          alertsAt: new Date(Date.now() - 2 * hour),
          clearedAt: new Date(Date.now() - hour),
          reviewedAt: new Date(Date.now() - hour),
          reviewerId: w.outsider.id,
        },
      ],
    });
    const marked = await api(`/gateway/profile/caregiver/assignment/${String(id)}/alert-review?alertsOf=earlier`, {
      method: "POST",
      token: await w.token("carer"),
    });
    expect(marked.status, marked.text).toBe(200);
    const [older, newer] = (await result(w, id)).earlierAlertReviews;
    expect(older.reviewedBy).toEqual({ id: w.carer.id, name: w.carer.name });
    expect(newer.reviewedBy).toEqual({ id: w.outsider.id, name: w.outsider.name });
    expect(marked.json).toEqual({
      reviewedAt: older.reviewedAt,
      reviewedBy: older.reviewedBy,
      escalatedAt: null,
      dutyToldAt: null,
      alertsAt: older.alertsAt,
    });
  });

  it("a review of the saved alerts that finds the answers submitted meanwhile marks nothing (409)", async () => {
    const w = await makeWorld();
    const { id } = await quizAssignment(w, `Crossed week ${w.u}`);
    await save(w, id, 10);
    await tellNow(id);
    await submitQuizAnswers(w, id, 10);
    const review = async (alertsOf: string) =>
      api(`/gateway/profile/caregiver/assignment/${String(id)}/alert-review?alertsOf=${alertsOf}`, {
        method: "POST",
        token: await w.token("carer"),
      });
    const stale = await review("saved");
    expect(stale.status, stale.text).toBe(409);
    expect(stale.json.detail).toMatch(/submitted since/);
    expect((await result(w, id)).alertReview.reviewedAt).toBeNull();
    expect((await review("submitted")).status).toBe(200);
    const nonsense = await review("nonsense");
    expect(nonsense.status).toBe(400);
    expect(nonsense.headers.get("content-type")).toContain("application/problem+json");
    expect(nonsense.json.errors.map((e: { path: string }) => e.path)).toEqual(["query.alertsOf"]);
  });

  it("the notice and a submit at once end as the submit alone would", async () => {
    for (let round = 0; round < 4; round++) {
      const w = await makeWorld();
      const { id } = await quizAssignment(w, `Race week ${w.u}`);
      await save(w, id, 10);
      await Promise.all([tellNow(id), submitQuizAnswers(w, id, 3)]);
      const row = await db.assignment.findUniqueOrThrow({
        where: { id },
        select: { status: true, alerts: true, alertReviewedAt: true },
      });
      expect(row).toEqual({ status: "COMPLETE", alerts: [], alertReviewedAt: null });
    }
  });

  it("tells the duty contact of saved alerts the staff were told of, kept as earlier alerts once the client submitted without them", async () => {
    const w = await makeWorld();
    const duty = `duty-${w.u}@test.test`;
    await db.clinic.update({ where: { id: w.clinic.id }, data: { dutyEmail: duty } });
    const { id } = await quizAssignment(w, `Duty week ${w.u}`);
    await save(w, id, 10);
    await tellNow(id);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    await escalateSavedNow(id);
    await waitForMail(mailDir, w.staff.email, { timeoutMs: 30_000 });
    // The client takes the answer back and submits: the alerts the staff were told of are kept as
    // earlier ones, still unreviewed, with the moment the staff were told.
    await submitQuizAnswers(w, id, 0);
    const [kept] = (await result(w, id)).earlierAlertReviews;
    expect(kept).toMatchObject({ reviewedAt: null, escalatedAt: expect.any(String), dutyToldAt: null });

    await runQueuedJobsNow(`alert-duty:${String(id)}:%`);
    const [mail] = await waitForMail(mailDir, duty, { timeoutMs: 30_000 });
    expect(mail?.text).toContain(
      `A client of ${w.clinic.name} saved answers that raised an urgent alert before submitting.`,
    );
    for (const part of [mail?.text ?? "", mail?.html ?? ""])
      for (const secret of [w.client.name, "Item 2", "very high"]) expect(part).not.toContain(secret);
    const [told] = (await result(w, id)).earlierAlertReviews;
    expect(told).toMatchObject({ reviewedAt: null, escalatedAt: kept.escalatedAt, dutyToldAt: expect.any(String) });
  });

  it("tells the duty contact of each escalation's own alerts only: not of alerts reviewed since, nor of those escalated later", async () => {
    const w = await makeWorld();
    const duty = `duty-${w.u}@test.test`;
    await db.clinic.update({ where: { id: w.clinic.id }, data: { dutyEmail: duty } });
    const { id } = await quizAssignment(w, `Twice week ${w.u}`);
    const dutyJobs = `alert-duty:${String(id)}:%`;
    await save(w, id, 9);
    await tellNow(id);
    await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    await escalateSavedNow(id);
    const first = await queuedJob(dutyJobs);
    // Worse: the care team is told again, the 9 kept as an earlier alert (escalated), which a
    // caregiver then marks; the 10 goes unreviewed and is escalated in turn.
    await save(w, id, 10);
    await tellNow(id);
    await waitForMail(mailDir, w.carer.email, { count: 2, timeoutMs: 30_000 });
    await db.earlierAlertReview.updateMany({
      where: { assignmentId: id },
      data: { reviewedAt: new Date(), reviewerId: w.carer.id },
    });
    await escalateSavedNow(id);
    await waitForMail(mailDir, w.staff.email, { count: 2, timeoutMs: 30_000 });
    expect(await queuedJobs(dutyJobs)).toBe(2);

    // The first escalation's job: its alerts were reviewed, and the 10 is not its to tell.
    await runQueuedJobsNow(first.key);
    expect(await queuedJobs(dutyJobs)).toBe(1);
    await mailDrained(db, mailDir);
    expect(mailTo(mailDir, duty)).toEqual([]);
    expect((await result(w, id)).alertReview.dutyToldAt).toBeNull();
    // The second's: the 10, once.
    await runQueuedJobsNow(dutyJobs);
    const [mail] = await waitForMail(mailDir, duty, { timeoutMs: 30_000 });
    expect(mail?.text).toContain(
      `A client of ${w.clinic.name} has saved answers, without submitting them, that raise an urgent alert.`,
    );
    expect((await result(w, id)).alertReview.dutyToldAt).toEqual(expect.any(String));
    expect((await result(w, id)).earlierAlertReviews).toEqual([expect.objectContaining({ dutyToldAt: null })]);
  });
});
