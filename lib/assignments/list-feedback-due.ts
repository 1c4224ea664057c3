import "server-only";
import { sql } from "kysely";
import { sessionReadsSql } from "@/lib/audit/record-read";
import type { z } from "zod";
import type { CaregiverScope } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageOfCountedRows, type PageRequest } from "@/lib/paging";
import type { FeedbackDueItem } from "@/lib/schemas/homework";
import { careTeamSessionSql } from "@/lib/sessions/care-team";
import { msSql } from "@/lib/db/database-clock";

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
// row, the page's columns, and the total. Alerts come first (e.g. PHQ-9 item 9 above 0: what the
// care team must see first), then the oldest. The page is found one of two ways, in the one
// statement:
// - the walk: the oldest waiting rows of the whole database, from two partial indexes (alerts, the
//   others), asking the care-team rule of each until the page is full. Cheap when the caregiver's
//   rows are many among the oldest (a small practice, the benchmark's one caregiver); it reads at
//   most walkBound rows of each kind;
// - the caregiver's own sessions' waiting rows, all of them, sorted: when the walk gave up before
//   filling the page (a caregiver among many, or with nothing waiting), so that a page never costs
//   more than the caregiver's own waiting rows and that bounded walk.
// Both give the same rows. The total sums the waiting count kept on each of the caregiver's
// sessions (Session.waitingCount), a row of its own joined to the page (pageOfCountedRows).

/** The oldest waiting rows of each kind the walk reads for a page that needs `upTo` rows. */
export const walkBound = (upTo: number) => Math.min(upTo * 10, 2000);

const dueQuery = (scope: CaregiverScope, page: PageRequest) => {
  const mine = careTeamSessionSql("s", sql<number>`${scope.caregiverId}::int`);
  const upTo = (page.page + 1) * page.size;
  const limit = sql`${upTo}::int`;
  const bound = walkBound(upTo);
  const kind = (alert: boolean) => sql.raw(`a.alerts ${alert ? "<>" : "="} '[]'::jsonb`);
  const walk = (alert: boolean) => sql`(
    select a.id, a."sessionId", s."clinicId", ${sql.raw(String(alert))} as alert, a."submittedAt"
      from (select a.id, a."sessionId", a."submittedAt" from "Assignment" a
             where a."feedbackStatus" = 'WAITING' and ${kind(alert)}
             order by a."submittedAt" asc, a.id asc limit ${bound}::int) a
      join "Session" s on s.id = a."sessionId"
     where ${mine}
     order by a."submittedAt" asc, a.id asc limit ${limit})`;
  // A kind's walk is whole when it filled the page or read every waiting row of its kind; the
  // page is the walk's when the alerts' walk is whole and either filled the page or the others'
  // walk is whole too. (Evaluated left to right as needed: the count of a kind's rows only runs
  // when its walk came short.)
  const filled = (walk: string) => sql`(select count(*) from ${sql.raw(walk)}) = ${limit}`;
  const readAll = (alert: boolean) =>
    sql`(select count(*) from (select from "Assignment" a where a."feedbackStatus" = 'WAITING' and ${kind(alert)} limit ${bound + 1}::int) a) <= ${bound}::int`;
  return sql<DueRow>`
with walk_alert as ${walk(true)}, walk_quiet as ${walk(false)},
walked as (
  select (${filled("walk_alert")} or ${readAll(true)}) and (${filled("walk_alert")} or ${filled("walk_quiet")} or ${readAll(false)}) as whole
), my_sessions as (
  select coalesce(array_agg(s.id), '{}') as ids, coalesce(sum(s."waitingCount"), 0)::int as total
    from "Session" s where ${mine}
), page as (
  select * from (
    select * from walk_alert where (select whole from walked)
    union all
    select * from walk_quiet where (select whole from walked)
    union all
    select d.id, d."sessionId", s."clinicId", d.alert, d."submittedAt"
      from (select a.id, a."sessionId", a.alerts <> '[]'::jsonb as alert, a."submittedAt" from "Assignment" a
             where a."feedbackStatus" = 'WAITING' and a."sessionId" = any((select ids from my_sessions)::int[])
               and not (select whole from walked)
             order by alert desc, a."submittedAt" asc, a.id asc limit ${limit}) d
      join "Session" s on s.id = d."sessionId"
  ) w
   order by alert desc, "submittedAt" asc, id asc limit ${page.size}::int offset ${page.page * page.size}::int
), audit as (${sessionReadsSql(scope.accountId, "page")})
select t.total, p.id, p."sessionId", s.title as "sessionTitle", p."clinicId", s."clientId", cl.name as "clientName",
       m.name, a.score, a.band, p.alert, ${sql.raw(msSql('p."submittedAt"'))} as "submittedAt"
  from my_sessions t
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
  return pageOfCountedRows(
    rows,
    (r): z.infer<typeof FeedbackDueItem> => ({
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
    }),
    page,
  );
}
