import "server-only";
import { sql, type CompiledQuery } from "kysely";
import type { ScopeOf } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { DOCUMENTS_SQL } from "@/lib/documents/document-json";
import { notFound } from "@/lib/errors";
import type { SessionDetailBody } from "@/lib/schemas/session";
import { feedbackJson } from "@/lib/sessions/map-feedback";
import { assignmentJsonSql } from "@/lib/sessions/assignment-json";
import { mapSessionDetail, type SessionDetailRow } from "@/lib/sessions/map-session-detail";
import { msSql } from "@/lib/db/database-clock";
import { inlineSql } from "@/lib/sessions/session-lock";
import { runningStatusSql, scopeSubject, sessionScopeOfRole } from "@/lib/sessions/session-scope";

// The whole detail in one statement, whatever the number of assignments: the session, its people,
// and every nested list aggregated by PostgreSQL, and the audit row of the read. Scope is part of
// the WHERE clause, so a session outside it is simply not found (and no read is recorded). The
// row's type is declared (SessionDetailRow): its lists are JSON that PostgreSQL builds, which no
// builder types; the detail tests check every field of it against the contract.
const SELECT_DETAIL = `
select s.id, s.title, s.description, s."caregiverId", cg.name as "caregiverName", cg.position as "caregiverPosition",
       s."clientId", cl."opptId" as "clientOpptId", cl.name as "clientName", s."chatId",
       ${msSql('s."createdAt"')} as "createdAt", ${msSql('s."startAt"')} as "startAt",
       s."closedAt" is not null as "isClosed", ${inlineSql(runningStatusSql("s"))} as "runningStatus",
       coalesce((
         select json_agg(${assignmentJsonSql("a", "m", "v")} order by a.id)
         from "Assignment" a join "Module" m on m.id = a."moduleId" join "ModuleVersion" v on v.id = a."moduleVersionId"
         where a."sessionId" = s.id), '[]') as assignments,
       ${DOCUMENTS_SQL} as documents,
       coalesce((select json_agg(${feedbackJson("f", "fc")} order by f.id)
                   from "Feedback" f join "Caregiver" fc on fc.id = f."caregiverId" where f."sessionId" = s.id and f.kind = 'SESSION'), '[]') as feedbacks
  from "Session" s
  join "Caregiver" cg on cg.id = s."caregiverId"
  join "Client" cl on cl.id = s."clientId"`;

// Built and compiled once per role, its values by position ($1 the reader's account, $2 the
// session, $3 the id scopeSubject names), so that a read only supplies them: compiling it for each
// read, and then looking up the prepared statement by the 4.7 KB text made anew, cost 0.05 to
// 0.18 ms of the read's 1.6 to 1.8 ms of server CPU (docs/performance.md).
const DETAIL = { CAREGIVER: compileDetail("CAREGIVER"), CLINIC: compileDetail("CLINIC") };

function compileDetail(role: ScopeOf<"CAREGIVER" | "CLINIC">["role"]): CompiledQuery<SessionDetailRow> {
  const visible = inlineSql(sessionScopeOfRole("s", role, sql.raw<number>("$3::int")));
  return sql
    .raw<SessionDetailRow>(
      `
with audit as (
  insert into "AuditLog" ("clinicId", "accountId", action, "targetId")
  select s."clinicId", $1::int, 'READ_SESSION', s.id from "Session" s where s.id = $2::int and ${visible}
)${SELECT_DETAIL}
 where s.id = $2::int and ${visible}`,
    )
    .compile(sqlBuilder);
}

/** The detail statement for the caller; exported for the benchmark's bare server. */
export function sessionDetailQuery(
  scope: ScopeOf<"CAREGIVER" | "CLINIC">,
  sessionId: number,
): CompiledQuery<SessionDetailRow> {
  return { ...DETAIL[scope.role], parameters: [scope.accountId, sessionId, scopeSubject(scope)] };
}

/** The session detail of the contract, for a caregiver on the client's care team or its clinic. */
export async function readSessionDetail(
  scope: ScopeOf<"CAREGIVER" | "CLINIC">,
  sessionId: number,
  offset: number,
): Promise<SessionDetailBody> {
  const [row] = await runSql("session-detail", sessionDetailQuery(scope, sessionId));
  if (!row) throw notFound("session");
  return mapSessionDetail(row, offset);
}
