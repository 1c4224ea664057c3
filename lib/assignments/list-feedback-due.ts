import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { pool } from "@/lib/db/pool";
import { formatDate } from "@/lib/dates";
import { pageBody, type PageRequest } from "@/lib/paging";
import { careTeamClientSql } from "@/lib/sessions/care-team";

const SQL = `
select a.id, a."sessionId", s.title as "sessionTitle", s."clientId", cl.name as "clientName", m.name, a.score,
       (extract(epoch from a."submittedAt") * 1000)::float8 as "submittedAt", count(*) over ()::int as total
  from "Assignment" a
  join "Session" s on s.id = a."sessionId"
  join "Client" cl on cl.id = s."clientId"
  join "Module" m on m.id = a."moduleId"
 where a."feedbackStatus" = 'WAITING'
   and ${careTeamClientSql('s."clientId"', "$1::int")}
 order by a."submittedAt" asc, a.id asc
 limit $2 offset $3`;

/** Submitted assignments waiting for feedback across the caregiver's care teams, oldest first. */
export async function listFeedbackDue(scope: Scope, page: PageRequest, offset: number) {
  const { rows } = await pool().query({
    name: "feedback-due",
    text: SQL,
    values: [scope.caregiverId, page.size, page.page * page.size],
  });
  const total = rows[0]?.total ?? 0;
  const content = rows.map(({ total: _t, submittedAt, ...r }) => ({
    ...r,
    submitDate: formatDate(submittedAt, offset),
  }));
  return pageBody(content, total, page);
}
