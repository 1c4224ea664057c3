import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import { onCareTeam } from "@/lib/sessions/care-team";
import { FEEDBACK_SELECT, mapFeedback } from "@/lib/sessions/map-feedback";

/** A caregiver of the care team assesses a submitted assignment: feedback WAITING → GIVEN. */
export async function giveAssignmentFeedback(scope: Scope, id: number, input: { text: string; score?: number }, offset: number) {
  return db().$transaction(async (tx) => {
    const a = await tx.assignment.findFirst({ where: { id, session: onCareTeam(scope) }, select: { sessionId: true, feedbackStatus: true, session: { select: { closedAt: true } } } });
    if (!a) throw notFound("assignment");
    if (a.session.closedAt) throw conflict("the session is closed");
    const now = new Date();
    const given = await tx.assignment.updateMany({ where: { id, feedbackStatus: "WAITING" }, data: { feedbackStatus: "GIVEN", feedbackSubmitAt: now } });
    if (given.count === 0) {
      throw conflict(a.feedbackStatus === "GIVEN" ? "feedback was already given on this assignment" : "the assignment is not submitted yet; feedback waits for it");
    }
    const f = await tx.feedback.create({
      data: { kind: "ASSIGNMENT", sessionId: a.sessionId, assignmentId: id, caregiverId: scope.caregiverId!, text: input.text, score: input.score ?? null },
      select: FEEDBACK_SELECT,
    });
    return mapFeedback(f, offset);
  });
}
