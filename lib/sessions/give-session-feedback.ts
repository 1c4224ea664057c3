import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import { onCareTeam } from "@/lib/sessions/care-team";
import { FEEDBACK_SELECT, mapFeedback } from "@/lib/sessions/map-feedback";

/** A caregiver of the care team writes feedback on the whole session (not once it is closed). */
export async function giveSessionFeedback(scope: Scope, sessionId: number, text: string, offset: number) {
  const s = await db().session.findFirst({ where: { id: sessionId, ...onCareTeam(scope) }, select: { closedAt: true } });
  if (!s) throw notFound("session");
  if (s.closedAt) throw conflict("the session is closed");
  const f = await db().feedback.create({
    data: { kind: "SESSION", sessionId, caregiverId: scope.caregiverId!, text },
    select: FEEDBACK_SELECT,
  });
  return mapFeedback(f, offset);
}
