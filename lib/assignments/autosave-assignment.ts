import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { STATE_COLUMNS, assignmentState, type StateRow } from "@/lib/assignments/assignment-state";
import { conflict, notFound } from "@/lib/errors";
import type { AutosaveInput } from "@/lib/schemas/homework";
import { LOCK_SESSION, NOW_SQL, lifecycleWrite } from "@/lib/sessions/session-lock";

const LOCK = `
select s."closedAt" is not null as closed
  from "Assignment" a join "Session" s on s.id = a."sessionId"
 where a.id = $1 and s."clientId" = $2
 ${LOCK_SESSION}`;

// Under the session lock, so the status read here is the committed one and stays so. A question
// given twice in one request keeps its last value, as successive saves would.
const SAVE = `
with t as materialized (select ${NOW_SQL} as now),
     a as (select id, status from "Assignment" where id = $1 and status <> 'COMPLETE'),
     given as (select distinct on (e.item->>'questionKey') e.item->>'questionKey' as "questionKey", e.item->'value' as value
                 from jsonb_array_elements($2::jsonb) with ordinality as e(item, n)
                order by e.item->>'questionKey', e.n desc),
     saved as (insert into "AutoSaveAnswer" ("assignmentId", "questionKey", value, "updatedAt")
               select a.id, given."questionKey", given.value, t.now from a, given, t
               on conflict ("assignmentId", "questionKey") do update set value = excluded.value, "updatedAt" = excluded."updatedAt"),
     draft as (insert into "Draft" ("assignmentId", content, "createdAt") select a.id, $2::jsonb, t.now from a, t where $3::boolean),
     moved as (update "Assignment" x set status = 'IN_PROGRESS', "updatedAt" = t.now from a, t
                where x.id = a.id and a.status = 'PENDING' returning ${STATE_COLUMNS("x")})
select * from moved
union all
select ${STATE_COLUMNS("x")} from "Assignment" x join a on a.id = x.id where a.status <> 'PENDING'`;

/** A client saves answers in progress: PENDING → IN_PROGRESS; answers are overwritten per question. */
export async function autosaveAssignment(scope: Scope, id: number, input: AutosaveInput, offset: number) {
  return lifecycleWrite(async (tx) => {
    const [s] = await tx.$queryRawUnsafe<{ closed: boolean }[]>(LOCK, id, scope.clientId);
    if (!s) throw notFound("assignment");
    if (s.closed) throw conflict("the session is closed; its homework can no longer change");
    const [state] = await tx.$queryRawUnsafe<StateRow[]>(SAVE, id, JSON.stringify(input.answers), input.draft ?? false);
    if (!state) throw conflict("the assignment is already submitted");
    return assignmentState(state, offset);
  });
}
