import "server-only";
import { sql } from "kysely";
import { sessionReadsSql } from "@/lib/audit/record-read";
import type { z } from "zod";
import type { ScopeOf } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageOfCountedRows, type PageRequest } from "@/lib/paging";
import type { SessionSummary } from "@/lib/schemas/session";
import type { RunningStatus } from "@/lib/sessions/running-status";
import { msSql } from "@/lib/db/database-clock";
import { runningStatusSql, sessionScopeCondition } from "@/lib/sessions/session-scope";

type Filter = { runningStatus?: RunningStatus; clientId?: number } & PageRequest;

type Row = { total: number } & (
  | { id: null }
  | {
      id: number;
      title: string;
      clientId: number;
      clientName: string;
      caregiverId: number;
      caregiverName: string;
      startAt: number;
      runningStatus: RunningStatus;
      isClosed: boolean;
      assignmentCount: number;
      completedAssignmentCount: number;
      waitingFeedbackCount: number;
    }
);

const countAssignments = (where = sql``) =>
  sql<number>`(select count(*)::int from "Assignment" a where a."sessionId" = s.id ${where})`;

// One statement: the sessions the caller may see that the filters ask (a filter asked is in the
// text, one not asked is not: with every filter as `$n is null or …` in one text, the generic plan
// PostgreSQL keeps after five runs guessed that the filters kept few sessions and checked the care
// team once per session, three to four times as slow unfiltered; docs/performance.md), counted as
// a row of their own, the page of them joined to that row (pageOfCountedRows), and the audit row
// of each session on the page (titles and counts of homework are the clinic's words about the
// client's care). Names and counts are read for the page's rows only: a count over the window of
// the joined rows read every visible session's client and caregiver on every page.
const listQuery = (scope: ScopeOf<"CAREGIVER" | "CLINIC">, f: Filter) =>
  sql<Row>`
with visible as (
  select s.id, s."clinicId", s."startAt" from "Session" s
   where ${sessionScopeCondition("s", scope)}
     ${f.runningStatus == null ? sql`` : sql`and ${runningStatusSql("s")} = ${f.runningStatus}::text`}
     ${f.clientId == null ? sql`` : sql`and s."clientId" = ${f.clientId}::int`}
), page as (
  select id, id as "sessionId", "clinicId" from visible order by "startAt" desc, id desc limit ${f.size}::int offset ${f.page * f.size}::int
), audit as (${sessionReadsSql(scope.accountId, "page")})
select t.total, s.id, s.title, s."clientId", cl.name as "clientName", s."caregiverId", cg.name as "caregiverName",
       ${sql.raw(msSql('s."startAt"'))} as "startAt", ${runningStatusSql("s")} as "runningStatus",
       s."closedAt" is not null as "isClosed", ${countAssignments()} as "assignmentCount",
       ${countAssignments(sql`and a.status = 'COMPLETE'`)} as "completedAssignmentCount",
       s."waitingCount" as "waitingFeedbackCount"
  from (select count(*)::int as total from visible) t
  left join page p on true
  left join "Session" s on s.id = p.id
  left join "Client" cl on cl.id = s."clientId"
  left join "Caregiver" cg on cg.id = s."caregiverId"
 order by s."startAt" desc, s.id desc`.compile(sqlBuilder);

/** Session summaries the caller may read: a caregiver's care-team clients', or the clinic's. */
export async function listSessions(caller: ScopeOf<"CAREGIVER" | "CLINIC">, f: Filter, offset: number) {
  const rows = await runSql("session-list", listQuery(caller, f));
  return pageOfCountedRows(
    rows,
    (r): z.infer<typeof SessionSummary> => ({
      id: r.id,
      title: r.title,
      clientId: r.clientId,
      clientName: r.clientName,
      caregiverId: r.caregiverId,
      caregiverName: r.caregiverName,
      startDate: formatDate(r.startAt, offset),
      runningStatus: r.runningStatus,
      isClosed: r.isClosed,
      assignmentCount: r.assignmentCount,
      completedAssignmentCount: r.completedAssignmentCount,
      waitingFeedbackCount: r.waitingFeedbackCount,
    }),
    f,
  );
}
