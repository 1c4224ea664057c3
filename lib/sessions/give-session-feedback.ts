import "server-only";
import type { CaregiverScope } from "@/lib/auth/scope";
import { pool } from "@/lib/db/pool";
import { conflict, notFound } from "@/lib/errors";
import { runIdempotent } from "@/lib/idempotency/run-idempotent";
import { z } from "zod";
import { SELECT_FEEDBACK_OF_F, FeedbackRow, mapFeedback, type FeedbackBody } from "@/lib/sessions/map-feedback";
import { NOW_SQL } from "@/lib/db/database-clock";
import {
  LOCK_SESSION,
  LockedRow,
  careTeamSessionLiteral,
  runLifecycle,
  runLifecycleIn,
  sqlNumber,
  sqlText,
} from "@/lib/sessions/session-lock";

/** Where a retry finds the first request's feedback: `/session/<id>/feedback/<id>`. */
const GIVEN = /^\/session\/(\d+)\/feedback\/(\d+)$/;

/**
 * A caregiver of the care team writes feedback on the whole session (not once it is closed), under
 * the caller's optional Idempotency-Key: each send adds one, so a retry after a lost answer needs
 * the key to add none.
 */
export async function giveSessionFeedback(
  scope: CaregiverScope,
  sessionId: number,
  text: string,
  opts: { offset: number; idempotencyKey: string | null },
): Promise<FeedbackBody> {
  const steps = feedbackSteps(scope.caregiverId, sessionId, text);
  // Without a key, the one round trip of every lifecycle write; with one, the same statements in
  // the transaction that claims the key.
  if (!opts.idempotencyKey) return mapFeedback(outcome(await runLifecycle(...steps)), opts.offset);
  const done = await runIdempotent(
    scope.accountId,
    opts.idempotencyKey,
    { operation: "giveSessionFeedback", body: { sessionId, text } },
    {
      create: async (tx) => {
        const f = outcome(await runLifecycleIn(tx, ...steps));
        return { location: `/session/${String(sessionId)}/feedback/${String(f.id)}`, value: f };
      },
      replay: (location) => feedbackAsGiven(scope.caregiverId, location),
    },
  );
  return mapFeedback(done.value, opts.offset);
}

function feedbackSteps(caregiverId: number, sessionId: number, text: string) {
  const mine = `s.id = ${sqlNumber(sessionId)} and ${careTeamSessionLiteral(caregiverId)}`;
  return [
    [`select s.id from "Session" s where ${mine} ${LOCK_SESSION}`, LockedRow],
    [
      `with f as (insert into "Feedback" (kind, "sessionId", "caregiverId", text, "createdAt")
                  select 'SESSION', s.id, ${sqlNumber(caregiverId)}, ${sqlText(text)}, ${NOW_SQL} from "Session" s where ${mine} and s."closedAt" is null
                  returning *)
       ${SELECT_FEEDBACK_OF_F}`,
      FeedbackRow,
    ],
    [`select s."closedAt" is not null as closed from "Session" s where ${mine}`, z.object({ closed: z.boolean() })],
  ] as const;
}

/** The feedback added, or why none was: no such session of the care team (404), or closed (409). */
function outcome([, [f], [session]]: readonly [unknown, FeedbackRow[], { closed: boolean }[]]): FeedbackRow {
  if (f) return f;
  if (!session) throw notFound("session");
  throw conflict("the session is closed");
}

/** The first request's feedback, read again from its stored location (still on the care team's session). */
async function feedbackAsGiven(caregiverId: number, location: string): Promise<FeedbackRow> {
  const [, sid, fid] = GIVEN.exec(location) ?? [];
  // Stored by this operation only (its name is in the key's hash), so another shape is a defect.
  if (!sid || !fid) throw new TypeError("an Idempotency-Key's location is not a session feedback's");
  const { rows } = await pool().query(
    `with f as (select f.* from "Feedback" f join "Session" s on s.id = f."sessionId"
                where f.id = $1 and s.id = $2 and f.kind = 'SESSION' and f."caregiverId" = $3
                  and ${careTeamSessionLiteral(caregiverId)})
     ${SELECT_FEEDBACK_OF_F}`,
    [Number(fid), Number(sid), caregiverId],
  );
  const [f] = z.array(FeedbackRow).parse(rows);
  if (!f) throw notFound("session");
  return f;
}
