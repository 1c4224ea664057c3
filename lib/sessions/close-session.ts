import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { conflict, notFound } from "@/lib/errors";
import { careTeamClientSql } from "@/lib/sessions/care-team";
import { LOCK_SESSION, NOW_SQL, lifecycleWrite } from "@/lib/sessions/session-lock";

const LOCK = `
select s."closedAt" is not null as closed
  from "Session" s
 where s.id = $1 and ${careTeamClientSql('s."clientId"', "$2::int")}
 ${LOCK_SESSION}`;

// Under the session lock no submit can be between its check and its commit, so the WAITING check
// sees every submit that will ever precede the close.
const CLOSE = `
update "Session" s set "closedAt" = t.now, "updatedAt" = t.now
  from (select ${NOW_SQL} as now) t
 where s.id = $1 and s."closedAt" is null
   and not exists (select 1 from "Assignment" a where a."sessionId" = s.id and a."feedbackStatus" = 'WAITING')
returning s.id`;

/** A caregiver of the care team closes a session: → COMPLETED; refused while feedback is WAITING. */
export async function closeSession(scope: Scope, sessionId: number) {
  return lifecycleWrite(async (tx) => {
    const [s] = await tx.$queryRawUnsafe<{ closed: boolean }[]>(LOCK, sessionId, scope.caregiverId);
    if (!s) throw notFound("session");
    if (s.closed) throw conflict("the session is already closed");
    const closed = await tx.$queryRawUnsafe<{ id: number }[]>(CLOSE, sessionId);
    if (closed.length === 0) {
      const [{ waiting } = { waiting: 0 }] = await tx.$queryRawUnsafe<{ waiting: number }[]>(
        `select count(*)::int as waiting from "Assignment" where "sessionId" = $1 and "feedbackStatus" = 'WAITING'`, sessionId);
      throw conflict(`the session cannot be closed while ${waiting} assignment${waiting === 1 ? "" : "s"} wait${waiting === 1 ? "s" : ""} for feedback`);
    }
    return { id: sessionId, isClosed: true, runningStatus: "COMPLETED" as const };
  });
}
