import "server-only";
import { z } from "zod";
import type { ClientScope } from "@/lib/auth/scope";
import { STATE_COLUMNS, assignmentState, type AssignmentStateBody, StateRow } from "@/lib/assignments/assignment-state";
import { readOwnModuleVersion } from "@/lib/assignments/read-own-module-version";
import { keepEarlierAlertReviewSql, REVIEW_COLUMNS_SQL } from "@/lib/results/earlier-alert-reviews";
import { addJobSql } from "@/lib/jobs/enqueue";
import { conflict, notFound } from "@/lib/errors";
import { answersRefused, checkAnswers } from "@/lib/modules/check-answers";
import { changeRules, scoreAnswers } from "@/lib/modules/score-answers";
import type { SubmitInput } from "@/lib/schemas/homework";
import { AssignmentStatus } from "@/lib/schemas/session";
import { NOW_SQL } from "@/lib/db/database-clock";
import { LOCK_SESSION, LockedRow, runLifecycle, sqlJson, sqlNumber, sqlText } from "@/lib/sessions/session-lock";

const Outcome = z.object({ closed: z.boolean(), status: AssignmentStatus });

// Answers that raise an urgent alert tell the care team at once (lib/jobs/handlers/alert-notice.ts),
// queued in the submit's own transaction: the notice exists exactly when the submit committed. A
// CTE that only selects runs only when the statement reads it, hence the count joined below.
const ALERT_NOTICE_SQL = `select ${addJobSql("alert-notice", "json_build_object('assignmentId', done.id)", "'alert-notice:' || done.id::text")} from done`;

/**
 * Waits for the client's other submits of this assignment's module to commit (a lock of the
 * transaction): any of them may be the score a later one's change is measured from.
 */
const measureTurnSql = (clientId: number, id: number) =>
  `select pg_advisory_xact_lock(hashtextextended('submit-module:' || ${sqlNumber(clientId)} || ':' || a."moduleId", 0))
     from "Assignment" a where a.id = ${sqlNumber(id)}`;

/**
 * SQL of the change alerts of a score, for the SET of the submit's UPDATE of `a`: each rule whose
 * rise (`sign` 1) or fall (−1) the score reached since the client's latest submitted score on the
 * same module or since their first, with those two, both in the client's current episode of care
 * (start-care-episode.ts). Only a score of a version with the same range counts: an edited scoring
 * may score on another scale.
 */
const changeAlertsSql = (
  clientId: number,
  score: number,
  range: { min: number; max: number },
  rules: { sign: number; by: number; message: unknown }[],
) => {
  // The versions with the same range are found among the module's own, each definition read once
  // (a definition is decompressed whole to read its range): joined to every earlier score instead,
  // a client's 200th weekly PHQ-9 read 400 definitions under the session's lock. As an array, the
  // versions are an InitPlan, read once by each of the two subqueries below; as `in (select …)` the
  // planner may join them again for every earlier score.
  const scores = (order: "asc" | "desc") =>
    `(select a2.score from "Assignment" a2 join "Session" s2 on s2.id = a2."sessionId"
         where s2."clientId" = ${sqlNumber(clientId)} and a2."moduleId" = a."moduleId" and a2.id <> a.id
           and a2.status = 'COMPLETE' and a2.score is not null and a2."submittedAt" is not null
           and a2."submittedAt" >= coalesce((select c."careEpisodeStartedAt" from "Client" c where c.id = ${sqlNumber(clientId)}), '-infinity')
           and a2."moduleVersionId" = any(array(select v2.id from "ModuleVersion" v2
                                               where v2."moduleId" = a."moduleId" and v2.definition->'scoring'->'range' = ${sqlJson(range)}))
         order by a2."submittedAt" ${order}, a2.id ${order} limit 1)`;
  const change = (from: string) => `(r.rule->>'sign')::float8 * (${sqlNumber(score)}::float8 - ${from})`;
  return `coalesce((select jsonb_agg(jsonb_build_object('question', null, 'value', ${sqlNumber(score)}::float8,
                                                 'previous', h.previous, 'first', h.first,
                                                 'urgent', false, 'message', r.rule->'message') order by r.n)
               from (select ${scores("desc")} as previous, ${scores("asc")} as first) h,
                    jsonb_array_elements(${sqlJson(rules)}) with ordinality as r(rule, n)
              where greatest(${change("h.previous")}, ${change("h.first")}) >= (r.rule->>'by')::float8), '[]'::jsonb)`;
};

/**
 * A client submits: → COMPLETE with submitDate, feedback WAITING. The answers are a complete set
 * checked against the module version the assignment was given (else 400 and no write); a test is
 * scored here, by that version's scoring: score, band, subscales and alerts. The client's own offset,
 * when the request states it, is kept with the submit: a diary that names no night is the night
 * before the client's day of it.
 */
export async function submitAssignment(
  scope: ClientScope,
  id: number,
  input: SubmitInput,
  offset: number,
  ownOffset: number | null,
): Promise<AssignmentStateBody> {
  const { clientId } = scope;
  const mine = `a.id = ${sqlNumber(id)} and s."clientId" = ${sqlNumber(clientId)}`;
  const from = `"Assignment" a join "Session" s on s.id = a."sessionId"`;
  const version = await readOwnModuleVersion(scope, id);
  const { values, errors } = checkAnswers(version.definition, input.answers, "complete");
  // Only a test is scored, and only by the scoring of its own version.
  const scored = errors.length === 0 && version.isTest ? scoreAnswers(version.definition, values) : null;
  const urgent = scored?.alerts.some((a) => a.urgent) ?? false;
  const changes = changeRules(version.definition);
  const range = version.definition.scoring?.range;
  const changeAlerts =
    scored && range && changes.length > 0 ? ` || ${changeAlertsSql(clientId, scored.score, range, changes)}` : "";
  const [, , [done], [now]] = await runLifecycle(
    [`select s.id from ${from} where ${mine} ${LOCK_SESSION}`, LockedRow],
    // A change compares this score with the client's previous one on the module: submits of the
    // same client and module take turns from here, so each statement after it sees the one before.
    [measureTurnSql(clientId, id), z.object({})],
    [
      // Checked and written in one statement under the lock: the answers go in and the autosaves
      // out together, so no autosave can land on submitted work. Answers that do not fit write
      // nothing, and a closed session or a submitted assignment still answers its 409 first.
      `with t as materialized (select ${NOW_SQL} as now),
            ok as (select a.id, ${REVIEW_COLUMNS_SQL("a")} from ${from} where ${mine} and s."closedAt" is null and a.status <> 'COMPLETE'
                      and a."moduleVersionId" = ${sqlNumber(version.versionId)} and ${errors.length === 0}
                      for no key update of a),
            kept as (${keepEarlierAlertReviewSql("ok", "(select now from t)")}),
            done as (update "Assignment" a set status = 'COMPLETE', "submittedAt" = t.now, "submittedOffset" = ${sqlNumber(ownOffset)}::int, "feedbackStatus" = 'WAITING', "updatedAt" = t.now,
                            score = ${sqlNumber(scored?.score)}::float8, band = ${scored ? sqlText(scored.band) : "null"},
                            subscales = ${scored ? sqlJson(scored.subscales) : "null"},
                            alerts = ${sqlJson(scored?.alerts ?? [])}${changeAlerts},
                            -- The answers submitted replace the saved ones, whose alerts the care
                            -- team may have reviewed (saved-alert.ts): these are for a review of their own.
                            "alertReviewedAt" = null, "alertReviewerId" = null, "alertEscalatedAt" = null, "alertDutyToldAt" = null,
                            "alertsAt" = t.now
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
