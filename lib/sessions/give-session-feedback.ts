import "server-only";
import type { CaregiverScope } from "@/lib/auth/scope";
import { conflict, notFound } from "@/lib/errors";
import { z } from "zod";
import { SELECT_FEEDBACK_OF_F, FeedbackRow, mapFeedback, type FeedbackBody } from "@/lib/sessions/map-feedback";
import { NOW_SQL } from "@/lib/db/database-clock";
import {
  LOCK_SESSION,
  LockedRow,
  careTeamSessionLiteral,
  runLifecycle,
  sqlNumber,
  sqlText,
} from "@/lib/sessions/session-lock";

/** A caregiver of the care team writes feedback on the whole session (not once it is closed). */
export async function giveSessionFeedback(
  scope: CaregiverScope,
  sessionId: number,
  text: string,
  offset: number,
): Promise<FeedbackBody> {
  const { caregiverId } = scope;
  const caregiver = sqlNumber(caregiverId);
  const mine = `s.id = ${sqlNumber(sessionId)} and ${careTeamSessionLiteral(caregiverId)}`;
  const [, [f], [now]] = await runLifecycle(
    [`select s.id from "Session" s where ${mine} ${LOCK_SESSION}`, LockedRow],
    [
      `with f as (insert into "Feedback" (kind, "sessionId", "caregiverId", text, "createdAt")
                  select 'SESSION', s.id, ${caregiver}, ${sqlText(text)}, ${NOW_SQL} from "Session" s where ${mine} and s."closedAt" is null
                  returning *)
       ${SELECT_FEEDBACK_OF_F}`,
      FeedbackRow,
    ],
    [`select s."closedAt" is not null as closed from "Session" s where ${mine}`, z.object({ closed: z.boolean() })],
  );
  if (f) return mapFeedback(f, offset);
  if (!now) throw notFound("session");
  throw conflict("the session is closed");
}
