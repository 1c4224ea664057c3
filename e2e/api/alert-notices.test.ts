import { describe, expect, inject, it } from "vitest";
import { linkIn, mailTo, waitForMail } from "../support/mailbox";
import { quizAssignment, submitMeasure, submitQuizAnswers } from "./support/alerted-homework";
import { api, baseUrl, db, makeWorld, type World } from "./support/world";

// An alert (e.g. PHQ-9 item 9 above 0) reaches the client's care team by email as soon as the
// client submits, not with the next daily digest: the worker sends it to the stack's loopback SMTP
// server, whose messages these tests read. docs/notifications.md, "Alerts".
const mailDir = inject("mailDir");

/** The client submits a new quiz with q2 at `q2` (above 8: an urgent alert). */
async function submitQuiz(w: World, q2: number) {
  const { sessionId, id } = await quizAssignment(w, `Alert week ${w.u}`);
  await submitQuizAnswers(w, id, q2);
  return { sessionId, id };
}

/** An alert submitted after everything before it (another world's), to wait for. */
async function witness() {
  const w = await makeWorld();
  await submitQuiz(w, 10);
  await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
}

describe.concurrent("alert notices", () => {
  it("emails the client's care team at once when a submitted answer raises an alert, whatever their email settings, without health data", async () => {
    const w = await makeWorld();
    // A safety notice is not one of the emails a caregiver can turn off.
    await db.caregiver.update({
      where: { id: w.carer.id },
      data: { digestOn: false, messageNoticesOn: false, remindersOn: false },
    });
    const { sessionId, id } = await submitQuiz(w, 9);
    const [mail] = await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("An answer needs your attention");
    expect(mail?.text).toMatch(/^A client you follow has submitted answers that raise an urgent alert/);
    expect(mail ? linkIn(mail, baseUrl) : "").toBe(
      `${baseUrl}/caregiver/sessions/${String(sessionId)}?assignment=${String(id)}`,
    );
    for (const part of [mail?.text ?? "", mail?.html ?? "", mail?.subject ?? ""]) {
      for (const secret of [w.client.name, `Alert week ${w.u}`, "Quiz", "Item 2 is very high", "High"])
        expect(part).not.toContain(secret);
    }
    await witness();
    expect(mailTo(mailDir, w.carer.email)).toHaveLength(1);
    // Neither a caregiver outside the care team, nor the clinic's staff, nor the client.
    expect(mailTo(mailDir, w.outsider.email)).toEqual([]);
    expect(mailTo(mailDir, w.staff.email)).toEqual([]);
    expect(mailTo(mailDir, w.client.email)).toEqual([]);
    // The queue holds ids only (jobs still waiting; done ones are deleted).
    const jobs = await db.$queryRaw<{ payload: unknown }[]>`select payload from graphile_worker._private_jobs`;
    expect(JSON.stringify(jobs)).not.toContain(w.client.name);
  });

  it("tells a caregiver in their own language", async () => {
    const w = await makeWorld();
    await db.caregiver.update({ where: { id: w.carer.id }, data: { language: "FR" } });
    await submitQuiz(w, 10);
    const [mail] = await waitForMail(mailDir, w.carer.email, { timeoutMs: 30_000 });
    expect(mail?.subject).toBe("Une réponse demande votre attention");
  });

  it("sends no email for a flag that is not urgent: WHO-5's answer of 0 or 1, shown with the result", async () => {
    const w = await makeWorld();
    // 5, 5, 5, 5 and 1: 84 of 100 ("no indication of poor wellbeing"), yet item 5 at 1.
    const { result } = await submitMeasure(w, "who-5", [5, 5, 5, 5, 1]);
    expect(result.json.score).toBe(84);
    expect(result.json.alerts).toEqual([expect.objectContaining({ question: "item5", value: 1, urgent: false })]);
    await witness();
    expect(mailTo(mailDir, w.carer.email)).toEqual([]);
  });

  it("flags a total at or above the manual's cut-point (GAD-7 at 10) first in the care team's list, named as the total, with no email", async () => {
    const w = await makeWorld();
    // No item above 2, yet 2, 2, 2, 2, 1, 1 and 0 make 10.
    const { id, result } = await submitMeasure(w, "gad-7", [2, 2, 2, 2, 1, 1, 0]);
    expect(result.json).toMatchObject({ score: 10, band: { label: { en: "Moderate" } } });
    expect(result.json.alerts).toEqual([
      {
        question: null,
        questionLabel: { en: "Total score", fr: "Score total" },
        answer: null,
        value: 10,
        previous: null,
        first: null,
        urgent: false,
        message: expect.objectContaining({ en: expect.stringMatching(/further evaluation/) }),
      },
    ]);
    const due = await api("/gateway/profile/caregiver/assignment", { token: await w.token("carer") });
    expect(due.json.content[0]).toMatchObject({ id, alert: true });
    await witness();
    expect(mailTo(mailDir, w.carer.email)).toEqual([]);
  });

  it("sends nothing when the submitted answers raise no alert", async () => {
    const w = await makeWorld();
    await submitQuiz(w, 3);
    await witness();
    expect(mailTo(mailDir, w.carer.email)).toEqual([]);
  });
});
