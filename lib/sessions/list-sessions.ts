import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { pool } from "@/lib/db/pool";
import { formatDate } from "@/lib/dates";
import { pageBody, type PageRequest } from "@/lib/paging";
import { runningStatusSql, sessionScopeCondition } from "@/lib/sessions/session-scope";

type Filter = { runningStatus?: "FUTURE" | "RUNNING" | "COMPLETED"; clientId?: number } & PageRequest;

const SQL = `
select s.id, s.title, s."clientId", cl.name as "clientName", s."caregiverId", cg.name as "caregiverName",
       (extract(epoch from s."startAt") * 1000)::float8 as "startAt", ${runningStatusSql("s")} as "runningStatus",
       s."closedAt" is not null as "isClosed",
       (select count(*)::int from "Assignment" a where a."sessionId" = s.id) as "assignmentCount",
       (select count(*)::int from "Assignment" a where a."sessionId" = s.id and a.status = 'COMPLETE') as "completedAssignmentCount",
       (select count(*)::int from "Assignment" a where a."sessionId" = s.id and a."feedbackStatus" = 'WAITING') as "waitingFeedbackCount",
       count(*) over () ::int as total
  from "Session" s
  join "Client" cl on cl.id = s."clientId"
  join "Caregiver" cg on cg.id = s."caregiverId"
 where ${sessionScopeCondition("s", "$1", "$2")}
   and ($3::text is null or ${runningStatusSql("s")} = $3::text)
   and ($4::int is null or s."clientId" = $4::int)
 order by s."startAt" desc, s.id desc
 limit $5 offset $6`;

/** Session summaries the caller may read: a caregiver's care-team clients', or the clinic's. */
export async function listSessions(scope: Scope, f: Filter, offset: number) {
  const scopeId = scope.role === "CAREGIVER" ? scope.caregiverId : scope.clinicId;
  const { rows } = await pool().query({
    name: "session-list",
    text: SQL,
    values: [scope.role, scopeId, f.runningStatus ?? null, f.clientId ?? null, f.size, f.page * f.size],
  });
  let total = rows[0]?.total ?? 0;
  if (!rows.length && f.page > 0) {
    const again = await pool().query({
      name: "session-list",
      text: SQL,
      values: [scope.role, scopeId, f.runningStatus ?? null, f.clientId ?? null, 1, 0],
    });
    total = again.rows[0]?.total ?? 0;
  }
  const content = rows.map(({ total: _t, startAt, ...r }) => ({ ...r, startDate: formatDate(startAt, offset)! }));
  return pageBody(content, total, f);
}
