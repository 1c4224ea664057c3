import "server-only";
import { z } from "zod";
import type { ClientScope } from "@/lib/auth/scope";
import { STATE_COLUMNS, assignmentState, type AssignmentStateBody, StateRow } from "@/lib/assignments/assignment-state";
import { conflict, fieldError, notFound } from "@/lib/errors";
import type { SubmitInput } from "@/lib/schemas/homework";
import { AssignmentStatus } from "@/lib/schemas/session";
import { LOCK_SESSION, LockedRow, NOW_SQL, runLifecycle, sqlJson, sqlNumber } from "@/lib/sessions/session-lock";

const Outcome = z.object({ closed: z.boolean(), status: AssignmentStatus, isTest: z.boolean() });

/** A client submits: → COMPLETE with submitDate, feedback WAITING; a test carries its score. */
export async function submitAssignment(
  scope: ClientScope,
  id: number,
  input: SubmitInput,
  offset: number,
): Promise<AssignmentStateBody> {
  const { clientId } = scope;
  const mine = `a.id = ${sqlNumber(id)} and s."clientId" = ${sqlNumber(clientId)}`;
  const from = `"Assignment" a join "Session" s on s.id = a."sessionId" join "Module" m on m.id = a."moduleId"`;
  const [, [done], [now]] = await runLifecycle(
    [`select s.id from ${from} where ${mine} ${LOCK_SESSION}`, LockedRow],
    [
      // Checked and written in one statement under the lock: the answers go in and the autosaves
      // out together, so no autosave can land on submitted work.
      `with t as materialized (select ${NOW_SQL} as now),
            ok as (select a.id from ${from} where ${mine} and s."closedAt" is null and a.status <> 'COMPLETE' and m."isTest" = ${input.score !== undefined}),
            done as (update "Assignment" a set status = 'COMPLETE', "submittedAt" = t.now, "feedbackStatus" = 'WAITING', score = ${sqlNumber(input.score)}::float8, "updatedAt" = t.now
                       from t, ok where a.id = ok.id returning ${STATE_COLUMNS("a")}),
            answers as (insert into "Answer" ("assignmentId", "questionKey", value, "createdAt")
                        select done.id, e.item->>'questionKey', e.item->'value', t.now from done, t, jsonb_array_elements(${sqlJson(input.answers)}) as e(item)),
            cleared as (delete from "AutoSaveAnswer" x using done where x."assignmentId" = done.id)
       select * from done`,
      StateRow,
    ],
    [`select s."closedAt" is not null as closed, a.status, m."isTest" from ${from} where ${mine}`, Outcome],
  );
  if (done) return assignmentState(done, offset);
  if (!now) throw notFound("assignment");
  if (now.closed) throw conflict("the session is closed; its homework can no longer change");
  if (now.status === "COMPLETE") throw conflict("the assignment is already submitted");
  if (now.isTest) throw fieldError("bad_request", "score", "a test is submitted with its score");
  throw fieldError("bad_request", "score", "only tests are scored");
}
