import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { conflict, notFound } from "@/lib/errors";
import { careTeamClientSql } from "@/lib/sessions/care-team";
import { FEEDBACK_COLUMNS, mapFeedback, type FeedbackRow } from "@/lib/sessions/map-feedback";
import { LOCK_SESSION, NOW_SQL, lifecycleWrite } from "@/lib/sessions/session-lock";

const LOCK = `
select s."closedAt" is not null as closed
  from "Assignment" a join "Session" s on s.id = a."sessionId"
 where a.id = $1 and ${careTeamClientSql('s."clientId"', "$2::int")}
 ${LOCK_SESSION}`;

// Under the session lock: WAITING → GIVEN and the feedback row are one statement.
const GIVE = `
with t as materialized (select ${NOW_SQL} as now),
     given as (update "Assignment" a set "feedbackStatus" = 'GIVEN', "feedbackSubmitAt" = t.now, "updatedAt" = t.now
                 from t where a.id = $1 and a."feedbackStatus" = 'WAITING' returning a.id, a."sessionId"),
     f as (insert into "Feedback" (kind, "sessionId", "assignmentId", "caregiverId", text, score, "createdAt")
           select 'ASSIGNMENT', given."sessionId", given.id, $2, $3, $4::float8, t.now from given, t returning *)
select ${FEEDBACK_COLUMNS} from f join "Caregiver" c on c.id = f."caregiverId"`;

/** A caregiver of the care team assesses a submitted assignment: feedback WAITING → GIVEN. */
export async function giveAssignmentFeedback(scope: Scope, id: number, input: { text: string; score?: number }, offset: number) {
  return lifecycleWrite(async (tx) => {
    const [s] = await tx.$queryRawUnsafe<{ closed: boolean }[]>(LOCK, id, scope.caregiverId);
    if (!s) throw notFound("assignment");
    if (s.closed) throw conflict("the session is closed");
    const [f] = await tx.$queryRawUnsafe<FeedbackRow[]>(GIVE, id, scope.caregiverId, input.text, input.score ?? null);
    if (f) return mapFeedback(f, offset);
    const [a] = await tx.$queryRawUnsafe<{ feedbackStatus: string }[]>(`select "feedbackStatus" from "Assignment" where id = $1`, id);
    throw conflict(a?.feedbackStatus === "GIVEN" ? "feedback was already given on this assignment" : "the assignment is not submitted yet; feedback waits for it");
  });
}
