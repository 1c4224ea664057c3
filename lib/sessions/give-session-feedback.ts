import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { AppError, conflict, notFound } from "@/lib/errors";
import { careTeamClientSql } from "@/lib/sessions/care-team";
import { FEEDBACK_COLUMNS, mapFeedback, type FeedbackRow } from "@/lib/sessions/map-feedback";
import { LOCK_SESSION, NOW_SQL, lifecycleWrite } from "@/lib/sessions/session-lock";

const LOCK = `
select s."closedAt" is not null as closed
  from "Session" s
 where s.id = $1 and ${careTeamClientSql('s."clientId"', "$2::int")}
 ${LOCK_SESSION}`;

const WRITE = `
with f as (insert into "Feedback" (kind, "sessionId", "caregiverId", text, "createdAt")
           values ('SESSION', $1, $2, $3, ${NOW_SQL}) returning *)
select ${FEEDBACK_COLUMNS} from f join "Caregiver" c on c.id = f."caregiverId"`;

/** A caregiver of the care team writes feedback on the whole session (not once it is closed). */
export async function giveSessionFeedback(scope: Scope, sessionId: number, text: string, offset: number) {
  return lifecycleWrite(async (tx) => {
    const [s] = await tx.$queryRawUnsafe<{ closed: boolean }[]>(LOCK, sessionId, scope.caregiverId);
    if (!s) throw notFound("session");
    if (s.closed) throw conflict("the session is closed");
    const [f] = await tx.$queryRawUnsafe<FeedbackRow[]>(WRITE, sessionId, scope.caregiverId, text);
    if (!f) throw new AppError("internal", "the feedback insert returned no row");
    return mapFeedback(f, offset);
  });
}
