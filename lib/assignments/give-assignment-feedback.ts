import "server-only";
import type { CaregiverScope } from "@/lib/auth/scope";
import { conflict, notFound } from "@/lib/errors";
import { z } from "zod";
import { FeedbackStatus } from "@/lib/schemas/session";
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

const Outcome = z.object({ closed: z.boolean(), feedbackStatus: FeedbackStatus });

/** A caregiver of the care team assesses a submitted assignment: feedback WAITING → GIVEN. */
export async function giveAssignmentFeedback(
  scope: CaregiverScope,
  id: number,
  input: { text: string; score?: number },
  offset: number,
): Promise<FeedbackBody> {
  const { caregiverId } = scope;
  const caregiver = sqlNumber(caregiverId);
  const mine = `a.id = ${sqlNumber(id)} and ${careTeamSessionLiteral(caregiverId)}`;
  const from = `"Assignment" a join "Session" s on s.id = a."sessionId"`;
  const [, [f], [now]] = await runLifecycle(
    [`select s.id from ${from} where ${mine} ${LOCK_SESSION}`, LockedRow],
    [
      // Under the lock: WAITING → GIVEN and the feedback row in one statement.
      `with t as materialized (select ${NOW_SQL} as now),
            ok as (select a.id from ${from} where ${mine} and s."closedAt" is null and a."feedbackStatus" = 'WAITING'),
            given as (update "Assignment" a set "feedbackStatus" = 'GIVEN', "feedbackSubmitAt" = t.now, "updatedAt" = t.now
                        from t, ok where a.id = ok.id returning a.id, a."sessionId"),
            f as (insert into "Feedback" (kind, "sessionId", "assignmentId", "caregiverId", text, score, "createdAt")
                  select 'ASSIGNMENT', given."sessionId", given.id, ${caregiver}, ${sqlText(input.text)}, ${sqlNumber(input.score)}::float8, t.now
                    from given, t returning *)
       ${SELECT_FEEDBACK_OF_F}`,
      FeedbackRow,
    ],
    [`select s."closedAt" is not null as closed, a."feedbackStatus" from ${from} where ${mine}`, Outcome],
  );
  if (f) return mapFeedback(f, offset);
  if (!now) throw notFound("assignment");
  if (now.closed) throw conflict("the session is closed");
  throw conflict(
    now.feedbackStatus === "GIVEN"
      ? "feedback was already given on this assignment"
      : "the assignment is not submitted yet; feedback waits for it",
  );
}
