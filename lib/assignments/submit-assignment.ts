import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { STATE_COLUMNS, assignmentState, type StateRow } from "@/lib/assignments/assignment-state";
import { conflict, fieldError, notFound } from "@/lib/errors";
import type { SubmitInput } from "@/lib/schemas/homework";
import { LOCK_SESSION, NOW_SQL, lifecycleWrite } from "@/lib/sessions/session-lock";

const LOCK = `
select s."closedAt" is not null as closed, a.status, m."isTest"
  from "Assignment" a join "Session" s on s.id = a."sessionId" join "Module" m on m.id = a."moduleId"
 where a.id = $1 and s."clientId" = $2
 ${LOCK_SESSION}`;

// Under the session lock: the status check, the answers and the end of the autosaves are one
// statement, so no autosave can land on the submitted work.
const SUBMIT = `
with t as materialized (select ${NOW_SQL} as now),
     done as (update "Assignment" a set status = 'COMPLETE', "submittedAt" = t.now, "feedbackStatus" = 'WAITING', score = $2::float8, "updatedAt" = t.now
                from t where a.id = $1 and a.status <> 'COMPLETE' returning ${STATE_COLUMNS("a")}),
     answers as (insert into "Answer" ("assignmentId", "questionKey", value, "createdAt")
                 select done.id, e.item->>'questionKey', e.item->'value', t.now from done, t, jsonb_array_elements($3::jsonb) as e(item)),
     cleared as (delete from "AutoSaveAnswer" x using done where x."assignmentId" = done.id)
select * from done`;

/** A client submits: → COMPLETE with submitDate, feedback WAITING; a test carries its score. */
export async function submitAssignment(scope: Scope, id: number, input: SubmitInput, offset: number) {
  return lifecycleWrite(async (tx) => {
    const [a] = await tx.$queryRawUnsafe<{ closed: boolean; status: StateRow["status"]; isTest: boolean }[]>(LOCK, id, scope.clientId);
    if (!a) throw notFound("assignment");
    if (a.closed) throw conflict("the session is closed; its homework can no longer change");
    if (a.status === "COMPLETE") throw conflict("the assignment is already submitted");
    if (a.isTest && input.score === undefined) throw fieldError("bad_request", "score", "a test is submitted with its score");
    if (!a.isTest && input.score !== undefined) throw fieldError("bad_request", "score", "only tests are scored");
    const [state] = await tx.$queryRawUnsafe<StateRow[]>(SUBMIT, id, input.score ?? null, JSON.stringify(input.answers));
    if (!state) throw conflict("the assignment is already submitted");
    return assignmentState(state, offset);
  });
}
