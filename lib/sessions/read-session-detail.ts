import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { pool } from "@/lib/db/pool";
import { notFound } from "@/lib/errors";
import type { SessionDetailBody } from "@/lib/schemas/session";
import { mapSessionDetail, type SessionDetailRow } from "@/lib/sessions/map-session-detail";
import { sessionScopeCondition } from "@/lib/sessions/session-scope";

const ms = (col: string) => `(extract(epoch from ${col}) * 1000)::float8`;

const feedbackJson = (f: string, c: string) => `json_build_object(
  'id', ${f}.id, 'type', ${f}.kind, 'sessionId', ${f}."sessionId", 'assignmentId', ${f}."assignmentId",
  'caregiverId', ${f}."caregiverId", 'caregiverName', ${c}.name, 'text', ${f}.text, 'score', ${f}.score,
  'createdAt', ${ms(`${f}."createdAt"`)})`;

// The whole detail in one statement, whatever the number of assignments: the session, its people,
// and every nested list aggregated by PostgreSQL, and the audit row of the read. Scope is part of
// the WHERE clause, so a session outside it is simply not found (and no read is recorded).
export const SESSION_DETAIL_SQL = `
with audit as (
  insert into "AuditLog" ("clinicId", "accountId", action, "targetId")
  select s."clinicId", $4, 'READ_SESSION', s.id from "Session" s where s.id = $1 and ${sessionScopeCondition("s", "$2", "$3")}
)
select s.id, s.title, s.description, s."caregiverId", cg.name as "caregiverName", cg.position as "caregiverPosition",
       s."clientId", cl."opptId" as "clientOpptId", cl.name as "clientName", s."chatId",
       ${ms('s."createdAt"')} as "createdAt", ${ms('s."startAt"')} as "startAt",
       s."closedAt" is not null as "isClosed", s."startAt" > (now() at time zone 'UTC') as "isFuture",
       coalesce((
         select json_agg(json_build_object(
           'id', a.id, 'bookId', a."bookId", 'moduleId', a."moduleId", 'moduleName', m.name, 'isTest', m."isTest",
           'status', a.status, 'feedbackStatus', a."feedbackStatus", 'score', a.score,
           'assignedAt', ${ms('a."assignedAt"')}, 'startAt', ${ms('a."startAt"')},
           'submittedAt', ${ms('a."submittedAt"')}, 'feedbackSubmitAt', ${ms('a."feedbackSubmitAt"')},
           'drafts', coalesce((select json_agg(json_build_object('id', d.id, 'content', d.content, 'createdAt', ${ms('d."createdAt"')}) order by d.id)
                                 from "Draft" d where d."assignmentId" = a.id), '[]'),
           'answers', coalesce((select json_agg(json_build_object('id', x.id, 'questionKey', x."questionKey", 'value', x.value, 'createdAt', ${ms('x."createdAt"')}) order by x.id)
                                  from "Answer" x where x."assignmentId" = a.id), '[]'),
           'autoSaveAnswers', coalesce((select json_agg(json_build_object('id', x.id, 'questionKey', x."questionKey", 'value', x.value, 'updatedAt', ${ms('x."updatedAt"')}) order by x.id)
                                          from "AutoSaveAnswer" x where x."assignmentId" = a.id), '[]'),
           'feedbacks', coalesce((select json_agg(${feedbackJson("f", "fc")} order by f.id)
                                    from "Feedback" f join "Caregiver" fc on fc.id = f."caregiverId" where f."assignmentId" = a.id), '[]')
         ) order by a.id)
         from "Assignment" a join "Module" m on m.id = a."moduleId" where a."sessionId" = s.id), '[]') as assignments,
       coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name, 'contentType', d."contentType", 'size', d.size, 'createdAt', ${ms('d."createdAt"')}) order by d.id)
                   from "Document" d where d."sessionId" = s.id), '[]') as documents,
       coalesce((select json_agg(${feedbackJson("f", "fc")} order by f.id)
                   from "Feedback" f join "Caregiver" fc on fc.id = f."caregiverId" where f."sessionId" = s.id and f.kind = 'SESSION'), '[]') as feedbacks
  from "Session" s
  join "Caregiver" cg on cg.id = s."caregiverId"
  join "Client" cl on cl.id = s."clientId"
 where s.id = $1 and ${sessionScopeCondition("s", "$2", "$3")}`;

/** The session detail of the contract, for a caregiver on the client's care team or its clinic. */
export async function readSessionDetail(scope: Scope, sessionId: number, offset: number): Promise<SessionDetailBody> {
  const scopeId = scope.role === "CAREGIVER" ? scope.caregiverId : scope.clinicId;
  const { rows } = await pool().query<SessionDetailRow>({
    name: "session-detail",
    text: SESSION_DETAIL_SQL,
    values: [sessionId, scope.role, scopeId, scope.accountId],
  });
  const row = rows[0];
  if (!row) throw notFound("session");
  return mapSessionDetail(row, offset);
}
