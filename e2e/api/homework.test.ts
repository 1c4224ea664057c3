import { describe, expect, it } from "vitest";
import { makeSession } from "@/prisma/factories";
import { api, db, makeWorld } from "./support/world";

const DATE = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/;
const detail = async (w: Awaited<ReturnType<typeof makeWorld>>) =>
  (await api(`/gateway/profile/caregiver/session/${w.session.id}`, { token: await w.token("carer") })).json;

describe("homework lifecycle", () => {
  it("a client autosaves (PENDING → IN_PROGRESS), then submits (COMPLETE, feedback WAITING)", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const pending = (await detail(w)).assignments[3];
    expect(pending.status).toBe("PENDING");
    const saved = await api(`/gateway/profile/client/assignment/${pending.id}/autosave`, {
      method: "PUT",
      token: client,
      body: { answers: [{ questionKey: "q1", value: "first try" }], draft: true },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({
      id: pending.id,
      status: "IN_PROGRESS",
      feedbackStatus: "NONE",
      submitDate: null,
    });
    await api(`/gateway/profile/client/assignment/${pending.id}/autosave`, {
      method: "PUT",
      token: client,
      body: { answers: [{ questionKey: "q1", value: "second try" }] },
    });
    const during = (await detail(w)).assignments[3];
    expect(during.autoSaveAnswers).toEqual([expect.objectContaining({ questionKey: "q1", value: "second try" })]);
    expect(during.drafts).toHaveLength(1);

    const submitted = await api(`/gateway/profile/client/assignment/${pending.id}/submit`, {
      token: client,
      body: { answers: [{ questionKey: "q1", value: "final" }] },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json).toMatchObject({ status: "COMPLETE", feedbackStatus: "WAITING", score: null });
    expect(submitted.json.submitDate).toMatch(DATE);
    const after = await detail(w);
    expect(after.assignments[3]).toMatchObject({
      status: "COMPLETE",
      feedbackStatus: "WAITING",
      answers: [expect.objectContaining({ value: "final" })],
      autoSaveAnswers: [],
    });
    expect(after).toMatchObject({ completedAssignmentCount: 3, pendingAssignmentCount: 1 });
  });

  it("a test is scored by the server at submit, which becomes the session's last score; a client's score is refused", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const s = await detail(w);
    const practice = s.assignments[1]; // IN_PROGRESS, not a test
    const done = [{ questionKey: "q1", value: "done" }];
    const withScore = await api(`/gateway/profile/client/assignment/${practice.id}/submit`, {
      token: client,
      body: { answers: done, score: 3 },
    });
    expect(withScore.status).toBe(400);
    expect(withScore.json.errors[0].path).toBe("score");
    const plain = await api(`/gateway/profile/client/assignment/${practice.id}/submit`, {
      token: client,
      body: { answers: done },
    });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.json.score).toBeNull();
    expect(
      (
        await api(`/gateway/profile/client/assignment/${s.assignments[2].id}/submit`, {
          token: client,
          body: { answers: [{ questionKey: "q1", value: 1 }] },
        })
      ).status,
    ).toBe(409);

    const quiz = w.book2.modules[1]!;
    const later = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.caregiver.id,
      title: "Quiz week",
      startAt: new Date(),
      assignments: [{ bookId: w.book2.id, moduleId: quiz.id }],
    });
    const quizId = later.assignmentIds[0]!;
    const missing = await api(`/gateway/profile/client/assignment/${quizId}/submit`, {
      token: client,
      body: { answers: [{ questionKey: "q1", value: 3 }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ path: "answers", message: 'question "q2" is required and has no answer' }]);
    const scored = await api(`/gateway/profile/client/assignment/${quizId}/submit`, {
      token: client,
      body: {
        answers: [
          { questionKey: "q1", value: 3 },
          { questionKey: "q2", value: 9 },
        ],
      },
    });
    expect(scored.json).toMatchObject({ status: "COMPLETE", score: 12 });
    const quizSession = (await api(`/gateway/profile/caregiver/session/${later.id}`, { token: await w.token("carer") }))
      .json;
    expect(quizSession).toMatchObject({ lastAssignmentScore: 12, completedAssignmentCount: 1 });
  });

  it("refuses illegal transitions with 409 and changes nothing", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const carer = await w.token("carer");
    const [given, inProgress, waiting, pending] = (await detail(w)).assignments;
    expect(
      (await api(`/gateway/profile/client/assignment/${given.id}/submit`, { token: client, body: { answers: [] } }))
        .status,
    ).toBe(409);
    expect(
      (
        await api(`/gateway/profile/client/assignment/${waiting.id}/autosave`, {
          method: "PUT",
          token: client,
          body: { answers: [{ questionKey: "q", value: 1 }] },
        })
      ).status,
    ).toBe(409);
    const early = await api(`/gateway/profile/caregiver/assignment/${pending.id}/feedback`, {
      token: carer,
      body: { text: "too early" },
    });
    expect(early.status).toBe(409);
    expect(early.json.detail).toMatch(/not submitted/);
    expect(
      (
        await api(`/gateway/profile/caregiver/assignment/${inProgress.id}/feedback`, {
          token: carer,
          body: { text: "too early" },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api(`/gateway/profile/caregiver/assignment/${given.id}/feedback`, {
          token: carer,
          body: { text: "again" },
        })
      ).status,
    ).toBe(409);
    expect(await detail(w)).toMatchObject({
      completedAssignmentCount: 2,
      assignments: [{ feedbacks: [expect.anything()] }, {}, { feedbackStatus: "WAITING" }, { status: "PENDING" }],
    });
  });

  it("a caregiver gives feedback (WAITING → GIVEN), writes session feedback, and closes the session once nothing waits", async () => {
    const w = await makeWorld();
    const carer = await w.token("carer");
    const s = await detail(w);
    const waiting = s.assignments[2];
    const blocked = await api(`/gateway/profile/caregiver/session/${w.session.id}/close`, {
      method: "POST",
      token: carer,
    });
    expect(blocked.status).toBe(409);
    expect(blocked.json.detail).toMatch(/1 assignment waits for feedback/);

    const fb = await api(`/gateway/profile/caregiver/assignment/${waiting.id}/feedback`, {
      token: carer,
      body: { text: "Good insight.", score: 4 },
    });
    expect(fb.status, fb.text).toBe(201);
    expect(fb.json).toMatchObject({
      type: "ASSIGNMENT",
      assignmentId: waiting.id,
      caregiverId: w.caregiver.id,
      text: "Good insight.",
      score: 4,
    });
    const after = (await detail(w)).assignments[2];
    expect(after).toMatchObject({
      feedbackStatus: "GIVEN",
      feedbacks: [expect.objectContaining({ text: "Good insight." })],
    });
    expect(after.feedbackSubmitDate).toMatch(DATE);

    const sf = await api(`/gateway/profile/caregiver/session/${w.session.id}/feedback`, {
      token: carer,
      body: { text: "Well done this week." },
    });
    expect(sf.status).toBe(201);
    expect((await detail(w)).feedbacks.map((f: { text: string }) => f.text)).toEqual([
      "Good week",
      "Well done this week.",
    ]);

    const closed = await api(`/gateway/profile/caregiver/session/${w.session.id}/close`, {
      method: "POST",
      token: carer,
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json).toEqual({ id: w.session.id, isClosed: true, runningStatus: "COMPLETED" });
    expect(await detail(w)).toMatchObject({ isClosed: true, runningStatus: "COMPLETED" });
    expect(
      (await api(`/gateway/profile/caregiver/session/${w.session.id}/close`, { method: "POST", token: carer })).status,
    ).toBe(409);
    const client = await w.token("client");
    const pending = (await detail(w)).assignments[3];
    expect(
      (
        await api(`/gateway/profile/client/assignment/${pending.id}/autosave`, {
          method: "PUT",
          token: client,
          body: { answers: [{ questionKey: "q", value: 1 }] },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api(`/gateway/profile/caregiver/session/${w.session.id}/feedback`, {
          token: carer,
          body: { text: "late" },
        })
      ).status,
    ).toBe(409);
  });

  it("keeps every operation to its own people: 404 outside the scope, 403 for the wrong role, 400 for bad input", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const [, , waiting, pending] = (await detail(w)).assignments;
    expect(
      (
        await api(`/gateway/profile/client/assignment/${pending.id}/autosave`, {
          method: "PUT",
          token: await other.token("client"),
          body: { answers: [{ questionKey: "q", value: 1 }] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(`/gateway/profile/caregiver/assignment/${waiting.id}/feedback`, {
          token: await w.token("outsider"),
          body: { text: "x" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(`/gateway/profile/caregiver/session/${w.session.id}/close`, {
          method: "POST",
          token: await other.token("carer"),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(`/gateway/profile/caregiver/assignment/${waiting.id}/feedback`, {
          token: await w.token("client"),
          body: { text: "x" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(`/gateway/profile/client/assignment/${pending.id}/submit`, {
          token: await w.token("carer"),
          body: { answers: [] },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(`/gateway/profile/client/assignment/${pending.id}/autosave`, {
          method: "PUT",
          token: await w.token("client"),
          body: { answers: [] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api(`/gateway/profile/caregiver/assignment/${waiting.id}/feedback`, {
          token: await w.token("carer"),
          body: { text: " " },
        })
      ).status,
    ).toBe(400);
    expect(await detail(w)).toMatchObject({
      assignments: [{}, {}, { feedbackStatus: "WAITING" }, { status: "PENDING" }],
    });
  });
});
