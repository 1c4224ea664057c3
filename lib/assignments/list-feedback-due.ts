import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import type { CaregiverScope } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageBody, type PageRequest } from "@/lib/paging";
import type { FeedbackDueItem } from "@/lib/schemas/homework";
import { careTeamClientSql } from "@/lib/sessions/care-team";
import { msSql } from "@/lib/sessions/session-lock";

/** The page's row of an assignment, or the one row of a page past the last (the total alone). */
type DueRow = { total: number } & (
  | { id: null }
  | {
      id: number;
      sessionId: number;
      sessionTitle: string;
      clinicId: number;
      clientId: number;
      clientName: string;
      name: string;
      score: number | null;
      band: string | null;
      alert: boolean;
      submittedAt: number | null;
    }
);

// One statement: the page of the caregiver's waiting assignments, each listed session's audit
// row, the page's columns, and the total. The page reads the waiting rows in order from two
// partial indexes (those with alerts, then the others: an alert, e.g. PHQ-9 item 9 above 0, is
// what the care team must see first) and stops when the page is full; the total counts the
// waiting rows of the caregiver's sessions from the per-session index alone. The total comes as a
// row of its own joined to the page, so a page past the last still says how many there are (its
// one row has no id).
const dueQuery = (scope: CaregiverScope, page: PageRequest) => {
  const mine = careTeamClientSql(sql.ref("s.clientId"), sql<number>`${scope.caregiverId}::int`);
  const upTo = sql`${(page.page + 1) * page.size}::int`;
  const waiting = (alert: boolean) => sql`(
    select a.id, a."sessionId", s."clinicId", ${sql.raw(String(alert))} as alert, a."submittedAt"
      from "Assignment" a join "Session" s on s.id = a."sessionId"
     where a."feedbackStatus" = 'WAITING' and a.alerts ${sql.raw(alert ? "<>" : "=")} '[]'::jsonb and ${mine}
     order by a."submittedAt" asc, a.id asc limit ${upTo})`;
  return sql<DueRow>`
with page as (
  select * from (${waiting(true)} union all ${waiting(false)}) w
   order by alert desc, "submittedAt" asc, id asc limit ${page.size}::int offset ${page.page * page.size}::int
), audit as (
  insert into "AuditLog" ("clinicId", "accountId", action, "targetId")
  select distinct p."clinicId", ${scope.accountId}::int, 'READ_SESSION'::"AuditAction", p."sessionId" from page p
)
select t.total, p.id, p."sessionId", s.title as "sessionTitle", p."clinicId", s."clientId", cl.name as "clientName",
       m.name, a.score, a.band, p.alert, ${sql.raw(msSql('p."submittedAt"'))} as "submittedAt"
  from (select count(*)::int as total from "Assignment" a
         where a."feedbackStatus" = 'WAITING'
           and a."sessionId" = any(array(select s.id from "Session" s where ${mine}))) t
  left join page p on true
  left join "Assignment" a on a.id = p.id
  left join "Session" s on s.id = p."sessionId"
  left join "Client" cl on cl.id = s."clientId"
  left join "Module" m on m.id = a."moduleId"
 order by p.alert desc, p."submittedAt" asc, p.id asc`.compile(sqlBuilder);
};

/**
 * Submitted assignments waiting for feedback across the caregiver's care teams: alerts first, then
 * oldest first; each session listed gets a READ_SESSION audit row.
 */
export async function listFeedbackDue(scope: CaregiverScope, page: PageRequest, offset: number) {
  // Scores, bands and alerts are health data: each session listed is an audited read (in the statement).
  const rows = await runSql("feedback-due", dueQuery(scope, page));
  const total = rows[0]?.total ?? 0;
  const content = rows.flatMap((r): z.infer<typeof FeedbackDueItem>[] =>
    r.id === null
      ? []
      : [
          {
            id: r.id,
            sessionId: r.sessionId,
            sessionTitle: r.sessionTitle,
            clientId: r.clientId,
            clientName: r.clientName,
            name: r.name,
            score: r.score,
            band: r.band,
            alert: r.alert,
            submitDate: formatDate(r.submittedAt, offset),
          },
        ],
  );
  return pageBody(content, total, page);
}
