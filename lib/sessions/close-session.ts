import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import { onCareTeam } from "@/lib/sessions/care-team";

/** A caregiver of the care team closes a session: → COMPLETED; refused while feedback is WAITING. */
export async function closeSession(scope: Scope, sessionId: number) {
  return db().$transaction(async (tx) => {
    const s = await tx.session.findFirst({ where: { id: sessionId, ...onCareTeam(scope) }, select: { closedAt: true } });
    if (!s) throw notFound("session");
    if (s.closedAt) throw conflict("the session is already closed");
    // The check and the close are one statement, so feedback cannot start waiting in between.
    const closed = await tx.session.updateMany({
      where: { id: sessionId, closedAt: null, assignments: { none: { feedbackStatus: "WAITING" } } },
      data: { closedAt: new Date() },
    });
    if (closed.count === 0) {
      const waiting = await tx.assignment.count({ where: { sessionId, feedbackStatus: "WAITING" } });
      throw conflict(`the session cannot be closed while ${waiting} assignment${waiting === 1 ? "" : "s"} wait${waiting === 1 ? "s" : ""} for feedback`);
    }
    return { id: sessionId, isClosed: true, runningStatus: "COMPLETED" as const };
  });
}
