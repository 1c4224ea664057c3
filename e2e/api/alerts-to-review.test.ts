import { describe, expect, it } from "vitest";
import { quizAssignment, submitQuizAnswers } from "./support/alerted-homework";
import { runJobNow, runQueuedJobsNow } from "./support/jobs";
import { api, db, makeWorld, readBy, type World } from "./support/world";

// A caregiver's list of the urgent alerts nobody has marked reviewed (the world's quiz: q2 above 8
// raises one): submitted, or saved and left once the care team was told; those the duty contact was
// told of first, then those the staff were, then the oldest. docs/notifications.md, "Alerts".

const list = async (w: World, who: "carer" | "outsider" = "carer", query = "") =>
  api(`/gateway/profile/caregiver/alert${query}`, { token: await w.token(who) });

const savedAndTold = async (w: World, title: string) => {
  const a = await quizAssignment(w, title);
  const saved = await api(`/gateway/profile/client/assignment/${String(a.id)}/autosave`, {
    method: "PUT",
    token: await w.token("client"),
    body: { answers: [{ questionKey: "q2", value: 10 }] },
  });
  expect(saved.status, saved.text).toBe(200);
  await runJobNow("saved-alert", { assignmentId: a.id }, `saved-alert:${String(a.id)}`);
  return a;
};

describe("alerts to review", () => {
  it("lists the urgent alerts of the caregiver's clients that nobody reviewed, escalated first, each an audited read", async () => {
    const w = await makeWorld();
    const first = await quizAssignment(w, `First week ${w.u}`);
    await submitQuizAnswers(w, first.id, 9);
    const saved = await savedAndTold(w, `Saved week ${w.u}`);
    const calm = await quizAssignment(w, `Calm week ${w.u}`);
    await submitQuizAnswers(w, calm.id, 3);
    const reviewed = await quizAssignment(w, `Reviewed week ${w.u}`);
    await submitQuizAnswers(w, reviewed.id, 10);
    const review = await api(`/gateway/profile/caregiver/assignment/${String(reviewed.id)}/alert-review`, {
      method: "POST",
      token: await w.token("carer"),
    });
    expect(review.status, review.text).toBe(200);
    // Told two and three hours ago: `since` is that moment, whatever changed the rows since.
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await db.assignment.update({ where: { id: first.id }, data: { alertsAt: hoursAgo(3) } });
    await db.assignment.update({ where: { id: saved.id }, data: { alertsAt: hoursAgo(2) } });
    const savedSince = (
      await api(`/gateway/profile/caregiver/assignment/${String(saved.id)}/result`, {
        token: await w.token("carer"),
      })
    ).json.alertReview.alertsAt;
    const carer = await readBy({ caregiverId: w.carer.id });
    const readsBefore = await db.auditLog.count({ where: { accountId: carer, action: "READ_SESSION" } });

    const r = await list(w);
    expect(r.status, r.text).toBe(200);
    expect(r.json.totalElements).toBe(2);
    expect(r.json.content).toEqual([
      {
        assignmentId: first.id,
        sessionId: first.sessionId,
        sessionTitle: `First week ${w.u}`,
        clientId: w.client.id,
        clientName: w.client.name,
        name: expect.any(String),
        alertsOf: "submitted",
        since: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/),
        escalatedAt: null,
        dutyToldAt: null,
      },
      expect.objectContaining({ assignmentId: saved.id, alertsOf: "saved", since: savedSince, escalatedAt: null }),
    ]);
    const reads = await db.auditLog.findMany({
      where: { accountId: carer, action: "READ_SESSION" },
      orderBy: { id: "asc" },
      skip: readsBefore,
      select: { clinicId: true, targetId: true },
    });
    expect(reads.map((x) => x.targetId).sort()).toEqual([first.sessionId, saved.sessionId].sort());
    expect(new Set(reads.map((x) => x.clinicId))).toEqual(new Set([w.clinic.id]));

    // Nobody looked in time: the saved one was escalated, and comes first.
    await runJobNow(
      "alert-escalation",
      { assignmentId: saved.id, unreachable: false, alertsOf: "saved" },
      `alert-escalation:${String(saved.id)}:saved`,
    );
    const escalated = (await list(w)).json.content;
    expect(escalated.map((a: { assignmentId: number }) => a.assignmentId)).toEqual([saved.id, first.id]);
    expect(escalated[0].escalatedAt).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    // Still when the care team was told (two hours before, as set above), not when the staff were.
    expect(escalated[0].since).toBe(savedSince);

    // A page of one, and a page past the last, which reads nothing.
    const paged = (await list(w, "carer", "?size=1&page=1")).json;
    expect(paged.content.map((a: { assignmentId: number }) => a.assignmentId)).toEqual([first.id]);
    expect(paged.totalElements).toBe(2);
    const countBefore = await db.auditLog.count({ where: { accountId: carer, action: "READ_SESSION" } });
    expect((await list(w, "carer", "?page=9")).json.content).toEqual([]);
    expect(await db.auditLog.count({ where: { accountId: carer, action: "READ_SESSION" } })).toBe(countBefore);

    // Then both escalated, and the first still unreviewed a day later: its duty contact was told,
    // and it comes first again.
    await runJobNow(
      "alert-escalation",
      { assignmentId: first.id, unreachable: false, alertsOf: "submitted" },
      `alert-escalation:${String(first.id)}`,
    );
    await runQueuedJobsNow(`alert-duty:${String(first.id)}:%`);
    const told = (await list(w)).json.content;
    expect(told.map((a: { assignmentId: number }) => a.assignmentId)).toEqual([first.id, saved.id]);
    expect(told[0].dutyToldAt).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(told[1].dutyToldAt).toBeNull();

    // Reviewed, an alert leaves the list.
    await api(`/gateway/profile/caregiver/assignment/${String(first.id)}/alert-review`, {
      method: "POST",
      token: await w.token("carer"),
    });
    expect((await list(w)).json.content.map((a: { assignmentId: number }) => a.assignmentId)).toEqual([saved.id]);
  });

  it("shows nothing of clients whose care team the caregiver is not on, nor to other roles", async () => {
    const w = await makeWorld();
    const a = await quizAssignment(w, `Week ${w.u}`);
    await submitQuizAnswers(w, a.id, 10);
    // The clinic's other caregiver, not on the client's care team.
    const outsider = await list(w, "outsider");
    expect(outsider.status, outsider.text).toBe(200);
    expect(outsider.json).toMatchObject({ content: [], totalElements: 0 });
    // Another institute's caregiver.
    const other = await makeWorld();
    expect((await list(other)).json.content).toEqual([]);
    for (const who of ["staff", "client"] as const) {
      const r = await api("/gateway/profile/caregiver/alert", { token: await w.token(who) });
      expect(r.status, who).toBe(403);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
    }
    const bad = await list(w, "carer", "?size=0");
    expect(bad.status).toBe(400);
  });
});
