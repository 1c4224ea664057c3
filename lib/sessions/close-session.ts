import "server-only";
import { z } from "zod";
import type { CaregiverScope } from "@/lib/auth/scope";
import { conflict, notFound } from "@/lib/errors";
import type { SessionState } from "@/lib/schemas/homework";
import { NOW_SQL } from "@/lib/db/database-clock";
import { LOCK_SESSION, LockedRow, careTeamSessionLiteral, runLifecycle, sqlNumber } from "@/lib/sessions/session-lock";

const Outcome = z.object({ closed: z.boolean(), waiting: z.number() });

/** A caregiver of the care team closes a session: → COMPLETED; refused while feedback is WAITING. */
export async function closeSession(scope: CaregiverScope, sessionId: number): Promise<z.infer<typeof SessionState>> {
  const { caregiverId } = scope;
  const mine = `s.id = ${sqlNumber(sessionId)} and ${careTeamSessionLiteral(caregiverId)}`;
  const [, [closed], [now]] = await runLifecycle(
    [`select s.id from "Session" s where ${mine} ${LOCK_SESSION}`, LockedRow],
    // Under the lock no submit is between its check and its commit, so the WAITING check sees
    // every submit that will ever come before the close.
    [
      `update "Session" s set "closedAt" = t.now, "updatedAt" = t.now
       from (select ${NOW_SQL} as now) t
      where ${mine} and s."closedAt" is null
        and not exists (select 1 from "Assignment" a where a."sessionId" = s.id and a."feedbackStatus" = 'WAITING')
     returning s.id`,
      LockedRow,
    ],
    [
      `select s."closedAt" is not null as closed,
            (select count(*)::int from "Assignment" a where a."sessionId" = s.id and a."feedbackStatus" = 'WAITING') as waiting
       from "Session" s where ${mine}`,
      Outcome,
    ],
  );
  if (closed) return { id: sessionId, isClosed: true, runningStatus: "COMPLETED" };
  if (!now) throw notFound("session");
  if (now.closed) throw conflict("the session is already closed");
  const n = now.waiting;
  throw conflict(
    `the session cannot be closed while ${n} assignment${n === 1 ? "" : "s"} wait${n === 1 ? "s" : ""} for feedback`,
  );
}
