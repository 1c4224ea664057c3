import "server-only";
import { z } from "zod";
import type { ClientScope } from "@/lib/auth/scope";
import { STATE_COLUMNS, assignmentState, type AssignmentStateBody, StateRow } from "@/lib/assignments/assignment-state";
import { readOwnModuleVersion } from "@/lib/assignments/read-own-module-version";
import { env } from "@/lib/env";
import { conflict, notFound } from "@/lib/errors";
import { addJobSql } from "@/lib/jobs/enqueue";
import { answersRefused, checkAnswers } from "@/lib/modules/check-answers";
import { savedAnswerAlerts } from "@/lib/modules/score-answers";
import type { AutosaveInput } from "@/lib/schemas/homework";
import { NOW_SQL } from "@/lib/db/database-clock";
import { LOCK_SESSION, LockedRow, runLifecycle, sqlJson, sqlNumber } from "@/lib/sessions/session-lock";

const Outcome = z.object({ closed: z.boolean(), submitted: z.boolean() });

// Answers that raise an urgent alert wait SAVED_ALERT_MINUTES for the submit, which tells the care
// team itself, and then tell them anyway (lib/jobs/handlers/saved-alert.ts, which looks at the
// answers saved by then). Queued in the save's own statement; a later save keeps the first moment.
const savedAlertSql = () =>
  addJobSql("saved-alert", "json_build_object('assignmentId', ok.id)", "'saved-alert:' || ok.id::text", {
    delaySeconds: env().SAVED_ALERT_MINUTES * 60,
    jobKeyMode: "preserve_run_at",
  });

/**
 * A client saves answers in progress: PENDING → IN_PROGRESS; answers are overwritten per question.
 * Any subset of the module's questions, each value fitting its question; else 400 and no write. An
 * answer that raises an urgent alert plans the care team's notice, should the client not submit.
 */
export async function autosaveAssignment(
  scope: ClientScope,
  id: number,
  input: AutosaveInput,
  offset: number,
): Promise<AssignmentStateBody> {
  const { clientId } = scope;
  const mine = `a.id = ${sqlNumber(id)} and s."clientId" = ${sqlNumber(clientId)}`;
  const from = `"Assignment" a join "Session" s on s.id = a."sessionId"`;
  const answers = sqlJson(input.answers);
  const version = await readOwnModuleVersion(scope, id);
  const { values, errors } = checkAnswers(version.definition, input.answers, "partial");
  const urgent = errors.length === 0 && savedAnswerAlerts(version.definition, values).some((a) => a.urgent);
  const [, [state], [now]] = await runLifecycle(
    [`select s.id from ${from} where ${mine} ${LOCK_SESSION}`, LockedRow],
    [
      // Under the lock, so the status checked here stays what it is until the end. A question given
      // twice in one request keeps its last value, as two saves would. Answers that do not fit
      // write nothing, and a closed session or a submitted assignment still answers its 409 first.
      `with t as materialized (select ${NOW_SQL} as now),
            ok as (select a.id, a.status from ${from} where ${mine} and s."closedAt" is null and a.status <> 'COMPLETE'
                      and a."moduleVersionId" = ${sqlNumber(version.versionId)} and ${errors.length === 0}),
            given as (select distinct on (e.item->>'questionKey') e.item->>'questionKey' as "questionKey", e.item->'value' as value
                        from jsonb_array_elements(${answers}) with ordinality as e(item, n)
                       order by e.item->>'questionKey', e.n desc),
            saved as (insert into "AutoSaveAnswer" ("assignmentId", "questionKey", value, "updatedAt")
                      select ok.id, given."questionKey", given.value, t.now from ok, given, t
                      on conflict ("assignmentId", "questionKey") do update set value = excluded.value, "updatedAt" = excluded."updatedAt"),
            draft as (insert into "Draft" ("assignmentId", content, "createdAt") select ok.id, ${answers}, t.now from ok, t where ${input.draft === true}),
            moved as (update "Assignment" x set status = 'IN_PROGRESS', "updatedAt" = t.now from ok, t
                       where x.id = ok.id and ok.status = 'PENDING' returning ${STATE_COLUMNS("x")})
            ${urgent ? `, held as (select ${savedAlertSql()} from ok)` : ""}
       select r.* from (select * from moved
                        union all
                        select ${STATE_COLUMNS("x")} from "Assignment" x join ok on ok.id = x.id where ok.status <> 'PENDING') r
       ${urgent ? ", (select count(*) from held) queued" : ""}`,
      StateRow,
    ],
    [
      `select s."closedAt" is not null as closed, a.status = 'COMPLETE' as submitted from ${from} where ${mine}`,
      Outcome,
    ],
  );
  if (state) return assignmentState(state, offset);
  if (!now) throw notFound("assignment");
  if (now.closed) throw conflict("the session is closed; its homework can no longer change");
  if (now.submitted) throw conflict("the assignment is already submitted");
  throw answersRefused(errors);
}
