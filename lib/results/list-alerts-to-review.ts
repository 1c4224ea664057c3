import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import { sessionReadsSql } from "@/lib/audit/record-read";
import type { CaregiverScope } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageOfCountedRows, type PageRequest } from "@/lib/paging";
import { unreviewedUrgentAlertSql, unreviewedUrgentEarlierSql } from "@/lib/results/stored-result";
import type { AlertToReview } from "@/lib/schemas/results";
import { careTeamSessionSql } from "@/lib/sessions/care-team";
import { msSql } from "@/lib/db/database-clock";

/** The page's row of an assignment, or the one row of a page past the last (the total alone). */
type AlertRow = { total: number } & (
  | { id: null }
  | {
      id: number;
      sessionId: number;
      sessionTitle: string;
      clientId: number;
      clientName: string;
      name: string;
      alertsOf: "saved" | "submitted" | "earlier";
      since: number | null;
      escalatedAt: number | null;
      dutyToldAt: number | null;
    }
);

// One statement: the caregiver's assignments with an urgent alert nobody marked reviewed, its own
// (through the partial index of unreviewed alerts, by session) or an earlier one that answers stored
// since cleared (a worrying answer saved, then submitted without it; through its partial index), one
// row per assignment; the page, each listed session's audit row, and the total. `since` is when the
// care team was told of the oldest of them (Assignment.alertsAt: the submit, or the notice of saved
// answers, again when they got worse); `alertsOf` names the assignment's own alerts while they wait,
// else the earlier ones. Each branch of `open` reads the index by the caregiver's sessions: joined
// by assignment id instead, it read every unreviewed alert of every clinic (non-urgent ones among
// them, which nobody is asked to review), 42 ms a list beside the digest's 7,000 alerts and 100 to
// 215 ms beside 57,000; 5.7 ms now (npm run bench:digest, 2026-12-02; docs/performance.md).
const alertsQuery = (scope: CaregiverScope, page: PageRequest) => {
  const careTeam = careTeamSessionSql("s", sql<number>`${scope.caregiverId}::int`);
  return sql<AlertRow>`
with open as (
  select a.id, a."alertsAt" as since, a."alertEscalatedAt" as escalated, a."alertDutyToldAt" as "dutyTold", false as earlier
    from "Session" s join "Assignment" a on a."sessionId" = s.id
   where ${careTeam} and ${sql.raw(unreviewedUrgentAlertSql("a"))}
  union all
  select e."assignmentId", e."alertsAt", e."escalatedAt", e."dutyToldAt", true
    from "Session" s join "Assignment" a on a."sessionId" = s.id join "EarlierAlertReview" e on e."assignmentId" = a.id
   where ${careTeam} and ${sql.raw(unreviewedUrgentEarlierSql("e"))}
), mine as (
  select a.id, a."sessionId", s."clinicId", s.title, s."clientId", a."moduleId",
         case when bool_and(o.earlier) then 'earlier' when a.status = 'COMPLETE' then 'submitted' else 'saved' end as "alertsOf",
         min(o.since) as since, min(o.escalated) as "alertEscalatedAt",
         min(o."dutyTold") as "alertDutyToldAt"
    from open o join "Assignment" a on a.id = o.id join "Session" s on s.id = a."sessionId"
   group by a.id, s.id
), total as (select count(*)::int as total from mine),
page as (
  select * from mine order by "alertDutyToldAt" is not null desc, "alertEscalatedAt" is not null desc, since asc, id asc
   limit ${page.size}::int offset ${page.page * page.size}::int
), audit as (${sessionReadsSql(scope.accountId, "page")})
select t.total, p.id, p."sessionId", p.title as "sessionTitle", p."clientId", cl.name as "clientName", m.name,
       p."alertsOf", ${sql.raw(msSql("p.since"))} as since, ${sql.raw(msSql('p."alertEscalatedAt"'))} as "escalatedAt",
       ${sql.raw(msSql('p."alertDutyToldAt"'))} as "dutyToldAt"
  from total t
  left join page p on true
  left join "Client" cl on cl.id = p."clientId"
  left join "Module" m on m.id = p."moduleId"
 order by p."alertDutyToldAt" is not null desc, p."alertEscalatedAt" is not null desc, p.since asc, p.id asc`.compile(
    sqlBuilder,
  );
};

/**
 * The urgent alerts across the caregiver's care teams that nobody has marked reviewed, an
 * assignment's own or earlier ones, those the duty contact was told of first, then those the staff
 * were, then the oldest; each session listed gets a
 * READ_SESSION audit row.
 */
export async function listAlertsToReview(scope: CaregiverScope, page: PageRequest, offset: number) {
  // That a client's answers raised an alert is health data: each session listed is an audited read.
  const rows = await runSql("alerts-to-review", alertsQuery(scope, page));
  return pageOfCountedRows(
    rows,
    (r): z.infer<typeof AlertToReview> => ({
      assignmentId: r.id,
      sessionId: r.sessionId,
      sessionTitle: r.sessionTitle,
      clientId: r.clientId,
      clientName: r.clientName,
      name: r.name,
      alertsOf: r.alertsOf,
      since: formatDate(r.since, offset),
      escalatedAt: formatDate(r.escalatedAt, offset),
      dutyToldAt: formatDate(r.dutyToldAt, offset),
    }),
    page,
  );
}
