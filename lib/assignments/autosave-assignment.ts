import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { readAssignmentState } from "@/lib/assignments/assignment-state";
import { db } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import type { AutosaveInput } from "@/lib/schemas/homework";

/** A client saves answers in progress: PENDING → IN_PROGRESS; answers are overwritten per question. */
export async function autosaveAssignment(scope: Scope, id: number, input: AutosaveInput, offset: number) {
  return db().$transaction(async (tx) => {
    const a = await tx.assignment.findFirst({ where: { id, session: { clientId: scope.clientId! } }, select: { status: true, session: { select: { closedAt: true } } } });
    if (!a) throw notFound("assignment");
    if (a.session.closedAt) throw conflict("the session is closed; its homework can no longer change");
    if (a.status === "COMPLETE") throw conflict("the assignment is already submitted");
    for (const x of input.answers) {
      await tx.autoSaveAnswer.upsert({
        where: { assignmentId_questionKey: { assignmentId: id, questionKey: x.questionKey } },
        create: { assignmentId: id, questionKey: x.questionKey, value: x.value as never },
        update: { value: x.value as never },
      });
    }
    if (input.draft) await tx.draft.create({ data: { assignmentId: id, content: input.answers as never } });
    // Guarded by status so that a concurrent submit is never undone.
    await tx.assignment.updateMany({ where: { id, status: "PENDING" }, data: { status: "IN_PROGRESS" } });
    return readAssignmentState(tx, id, offset);
  });
}
