import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { readAssignmentState } from "@/lib/assignments/assignment-state";
import { db } from "@/lib/db/prisma";
import { conflict, fieldError, notFound } from "@/lib/errors";
import type { SubmitInput } from "@/lib/schemas/homework";

/** A client submits: → COMPLETE with submitDate, feedback WAITING; a test carries its score. */
export async function submitAssignment(scope: Scope, id: number, input: SubmitInput, offset: number) {
  return db().$transaction(async (tx) => {
    const a = await tx.assignment.findFirst({
      where: { id, session: { clientId: scope.clientId! } },
      select: { status: true, module: { select: { isTest: true } }, session: { select: { closedAt: true } } },
    });
    if (!a) throw notFound("assignment");
    if (a.session.closedAt) throw conflict("the session is closed; its homework can no longer change");
    if (a.status === "COMPLETE") throw conflict("the assignment is already submitted");
    if (a.module.isTest && input.score === undefined) throw fieldError("bad_request", "score", "a test is submitted with its score");
    if (!a.module.isTest && input.score !== undefined) throw fieldError("bad_request", "score", "only tests are scored");
    const now = new Date();
    const done = await tx.assignment.updateMany({
      where: { id, status: { in: ["PENDING", "IN_PROGRESS"] } },
      data: { status: "COMPLETE", submittedAt: now, feedbackStatus: "WAITING", score: input.score ?? null },
    });
    if (done.count === 0) throw conflict("the assignment is already submitted");
    if (input.answers.length) {
      await tx.answer.createMany({ data: input.answers.map((x) => ({ assignmentId: id, questionKey: x.questionKey, value: x.value as never })) });
    }
    await tx.autoSaveAnswer.deleteMany({ where: { assignmentId: id } });
    return readAssignmentState(tx, id, offset);
  });
}
