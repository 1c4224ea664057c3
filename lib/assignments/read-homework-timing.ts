import "server-only";
import type { z } from "zod";
import type { ScopeOf } from "@/lib/auth/scope";
import { recordRead } from "@/lib/audit/record-read";
import { db } from "@/lib/db/prisma";
import { formatDate } from "@/lib/dates";
import { notFound } from "@/lib/errors";
import type { SessionHomeworkTiming } from "@/lib/schemas/scheduling";
import { sessionParty } from "@/lib/sessions/session-party";

/**
 * When each assignment of a session starts, is due and is reminded. The contract's session detail
 * and assignment object keep exactly their fields, so the due moment is read here, beside them;
 * an audited read of the session, as theirs is. The client's language comes with it, so that the
 * homework added to the session can say which modules such a client would read in English.
 */
export async function readHomeworkTiming(
  scope: ScopeOf<"CAREGIVER" | "CLINIC">,
  sessionId: number,
  offset: number,
): Promise<z.infer<typeof SessionHomeworkTiming>> {
  const session = await db().session.findFirst({
    where: {
      id: sessionId,
      ...sessionParty(scope),
    },
    select: {
      id: true,
      clinicId: true,
      client: { select: { language: true } },
      assignments: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          startAt: true,
          dueAt: true,
          reminders: { orderBy: { remindAt: "asc" }, select: { remindAt: true } },
        },
      },
    },
  });
  if (!session) throw notFound("session");
  await recordRead(scope, "READ_SESSION", session.clinicId, session.id);
  return {
    sessionId: session.id,
    clientLanguage: session.client.language,
    assignments: session.assignments.map((a) => ({
      assignmentId: a.id,
      startDate: formatDate(a.startAt, offset),
      dueDate: formatDate(a.dueAt, offset),
      remindDates: a.reminders.map((r) => formatDate(r.remindAt, offset)),
    })),
  };
}
