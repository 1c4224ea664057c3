import "server-only";
import { z } from "zod";
import type { ClientScope } from "@/lib/auth/scope";
import { STATE_COLUMNS, assignmentState, type AssignmentStateBody, StateRow } from "@/lib/assignments/assignment-state";
import { readOwnModuleVersion } from "@/lib/assignments/read-own-module-version";
import { addJobSql } from "@/lib/jobs/enqueue";
import { conflict, notFound } from "@/lib/errors";
import { answersRefused, checkAnswers } from "@/lib/modules/check-answers";
import { scoreAnswers } from "@/lib/modules/score-answers";
import type { SubmitInput } from "@/lib/schemas/homework";
import { AssignmentStatus } from "@/lib/schemas/session";
import {
  LOCK_SESSION,
  LockedRow,
  NOW_SQL,
  runLifecycle,
  sqlJson,
  sqlNumber,
  sqlText,
} from "@/lib/sessions/session-lock";

const Outcome = z.object({ closed: z.boolean(), status: AssignmentStatus });

// Answers that raise an urgent alert tell the care team at once (lib/jobs/handlers/alert-notice.ts),
// queued in the submit's own transaction: the notice exists exactly when the submit committed. A
// CTE that only selects runs only when the statement reads it, hence the count joined below.
const ALERT_NOTICE_SQL = `select ${addJobSql("alert-notice", "json_build_object('assignmentId', done.id)", "'alert-notice:' || done.id::text")} from done`;

/**
 * A client submits: → COMPLETE with submitDate, feedback WAITING. The answers are a complete set
 * checked against the module version the assignment was given (else 400 and no write); a test is
 * scored here, by that version's scoring: score, band, subscales and alerts.
 */
export async function submitAssignment(
  scope: ClientScope,
  id: number,
  input: SubmitInput,
  offset: number,
): Promise<AssignmentStateBody> {
  const { clientId } = scope;
  const mine = `a.id = ${sqlNumber(id)} and s."clientId" = ${sqlNumber(clientId)}`;
  const from = `"Assignment" a join "Session" s on s.id = a."sessionId"`;
  const version = await readOwnModuleVersion(scope, id);
  const { values, errors } = checkAnswers(version.definition, input.answers, "complete");
  // Only a test is scored, and only by the scoring of its own version.
  const scored = errors.length === 0 && version.isTest ? scoreAnswers(version.definition, values) : null;
  const urgent = scored?.alerts.some((a) => a.urgent) ?? false;
  const [, [done], [now]] = await runLifecycle(
    [`select s.id from ${from} where ${mine} ${LOCK_SESSION}`, LockedRow],
    [
      // Checked and written in one statement under the lock: the answers go in and the autosaves
      // out together, so no autosave can land on submitted work. Answers that do not fit write
      // nothing, and a closed session or a submitted assignment still answers its 409 first.
      `with t as materialized (select ${NOW_SQL} as now),
            ok as (select a.id from ${from} where ${mine} and s."closedAt" is null and a.status <> 'COMPLETE'
                      and a."moduleVersionId" = ${sqlNumber(version.versionId)} and ${errors.length === 0}),
            done as (update "Assignment" a set status = 'COMPLETE', "submittedAt" = t.now, "feedbackStatus" = 'WAITING', "updatedAt" = t.now,
                            score = ${sqlNumber(scored?.score)}::float8, band = ${scored ? sqlText(scored.band) : "null"},
                            subscales = ${scored ? sqlJson(scored.subscales) : "null"}, alerts = ${sqlJson(scored?.alerts ?? [])}
                       from t, ok where a.id = ok.id returning ${STATE_COLUMNS("a")}),
            answers as (insert into "Answer" ("assignmentId", "questionKey", value, "createdAt")
                        select done.id, e.item->>'questionKey', e.item->'value', t.now from done, t, jsonb_array_elements(${sqlJson(input.answers)}) as e(item)),
            cleared as (delete from "AutoSaveAnswer" x using done where x."assignmentId" = done.id)
            ${urgent ? `, alerted as (${ALERT_NOTICE_SQL})` : ""}
       select done.* from done${urgent ? ", (select count(*) from alerted) queued" : ""}`,
      StateRow,
    ],
    [`select s."closedAt" is not null as closed, a.status from ${from} where ${mine}`, Outcome],
  );
  if (done) return assignmentState(done, offset);
  if (!now) throw notFound("assignment");
  if (now.closed) throw conflict("the session is closed; its homework can no longer change");
  if (now.status === "COMPLETE") throw conflict("the assignment is already submitted");
  throw answersRefused(errors);
}
