import { describe, expect, it } from "vitest";
import { autosaveAssignment } from "@/lib/assignments/autosave-assignment";
import { submitAssignment } from "@/lib/assignments/submit-assignment";
import { AutosaveRequest, SubmitRequest } from "@/lib/schemas/homework";
import { makeSession } from "@/prisma/factories";
import { db, makeWorld } from "./support/domain-world";

// The client's side of the homework lifecycle (lib/assignments/), in-process: autosave moves
// PENDING → IN_PROGRESS and overwrites per question; submit completes, waits for feedback and
// clears the autosaves; nothing changes once submitted or once the session is closed.
const autosave = (answers: { questionKey: string; value: unknown }[]) => AutosaveRequest.parse({ answers });
const submit = () => SubmitRequest.parse({ answers: [{ questionKey: "q1", value: "final" }] });
const saved = (assignmentId: number) =>
  db.autoSaveAnswer.findMany({ where: { assignmentId }, select: { questionKey: true, value: true } });

describe("homework autosave and submit", () => {
  it("autosave starts a pending assignment and keeps one answer per question, the last given", async () => {
    const w = await makeWorld();
    const client = await w.scope("client");
    const pending = w.session.assignmentIds[3]!;
    const first = await autosaveAssignment(client, pending, autosave([{ questionKey: "q1", value: "a" }]), 0);
    expect(first).toMatchObject({ id: pending, status: "IN_PROGRESS", feedbackStatus: "NONE", submitDate: null });
    await autosaveAssignment(
      client,
      pending,
      autosave([
        { questionKey: "q1", value: "b" },
        { questionKey: "q2", value: "one" },
        { questionKey: "q2", value: "two" },
      ]),
      0,
    );
    expect(await saved(pending)).toEqual(
      expect.arrayContaining([
        { questionKey: "q1", value: "b" },
        { questionKey: "q2", value: "two" },
      ]),
    );
    expect(await saved(pending)).toHaveLength(2);
  });

  it("submit completes the assignment, waits for feedback and clears its autosaves; then nothing changes", async () => {
    const w = await makeWorld();
    const client = await w.scope("client");
    const inProgress = w.session.assignmentIds[1]!;
    expect(await saved(inProgress)).toHaveLength(1);
    const done = await submitAssignment(client, inProgress, submit(), 0, 0);
    expect(done).toMatchObject({ id: inProgress, status: "COMPLETE", feedbackStatus: "WAITING", score: null });
    expect(done.submitDate).not.toBeNull();
    expect(await saved(inProgress)).toEqual([]);
    const conflict = { code: "conflict", detail: "the assignment is already submitted" };
    await expect(submitAssignment(client, inProgress, submit(), 0, 0)).rejects.toMatchObject(conflict);
    await expect(
      autosaveAssignment(client, inProgress, autosave([{ questionKey: "q1", value: "late" }]), 0),
    ).rejects.toMatchObject(conflict);
    expect(await saved(inProgress)).toEqual([]);
  });

  it("a test is scored from its answers; a score in the request is refused by its schema", async () => {
    const w = await makeWorld();
    const client = await w.scope("client");
    // Book2's second module is a test (PLAIN cast, QUIZ); a session of its own holds it.
    const [test, plain] = [w.book2.modules[1]!, w.book.modules[0]!];
    const s = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `Quiz ${w.u}`,
      startAt: new Date(),
      assignments: [
        { bookId: w.book2.id, moduleId: test.id },
        { bookId: w.book.id, moduleId: plain.id },
      ],
    });
    const [testId, plainId] = s.assignmentIds as [number, number];
    expect(SubmitRequest.safeParse({ answers: [], score: 3 }).error?.issues).toMatchObject([
      { path: ["score"], message: "is computed by the server from the answers; do not send it" },
    ]);
    await expect(submitAssignment(client, testId, submit(), 0, 0)).rejects.toMatchObject({
      code: "bad_request",
      errors: [{ path: "answers.0.value", message: expect.stringMatching(/must be one of the points/) }],
    });
    const answers = SubmitRequest.parse({
      answers: [
        { questionKey: "q1", value: 4 },
        { questionKey: "q2", value: 3.5 },
      ],
    });
    await expect(submitAssignment(client, testId, answers, 0, 0)).rejects.toMatchObject({ code: "bad_request" });
    answers.answers[1] = { questionKey: "q2", value: 3 };
    expect(await submitAssignment(client, testId, answers, 0, 0)).toMatchObject({ status: "COMPLETE", score: 7 });
    expect(await db.assignment.findUniqueOrThrow({ where: { id: testId } })).toMatchObject({ score: 7, band: "Low" });
    expect(await submitAssignment(client, plainId, submit(), 0, 0)).toMatchObject({ status: "COMPLETE", score: null });
  });

  it("a closed session's homework cannot change, and another client's is not found", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const pending = w.session.assignmentIds[3]!;
    await expect(submitAssignment(await other.scope("client"), pending, submit(), 0, 0)).rejects.toMatchObject({
      code: "not_found",
    });
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    const closed = { code: "conflict", detail: "the session is closed; its homework can no longer change" };
    const client = await w.scope("client");
    await expect(submitAssignment(client, pending, submit(), 0, 0)).rejects.toMatchObject(closed);
    await expect(
      autosaveAssignment(client, pending, autosave([{ questionKey: "q1", value: "x" }]), 0),
    ).rejects.toMatchObject(closed);
    expect(await db.assignment.findUniqueOrThrow({ where: { id: pending } })).toMatchObject({ status: "PENDING" });
  });
});
