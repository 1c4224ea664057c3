import "server-only";
import { sql } from "kysely";
import { sessionReadsSql } from "@/lib/audit/record-read";
import type { CaregiverScope } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { conflict, notFound } from "@/lib/errors";
import { alertReviewOf, seenMinuteSql } from "@/lib/results/alert-review";
import type { AlertReviewBody } from "@/lib/schemas/results";
import { careTeamSessionSql } from "@/lib/sessions/care-team";
import { NOW_SQL, msSql } from "@/lib/db/database-clock";

type EarlierReviewRow = { stale: boolean; found: boolean } & Parameters<typeof alertReviewOf>[0];

// One statement: the assignment as the caller may see it, locked (so of two caregivers marking at
// once the second waits for the first, and its locked reads of the kept rows then find the first's
// marks), the mark of every earlier alert nobody reviewed unless one was kept after the moment the
// caller saw, and the session's audit row. Answers the review of the newest earlier alerts it
// marked, or, when there were none to mark, of the newest earlier alerts.
const reviewEarlierQuery = (scope: CaregiverScope, id: number, alertsAt: string | undefined, offset: number) => {
  const now = sql.raw(NOW_SQL);
  // Kept after the minute the caller saw (the API writes moments to the minute, formatDate).
  const from = seenMinuteSql(alertsAt, offset);
  const newer = from ? sql<boolean>`e."alertsAt" >= ${from} + interval '1 minute'` : sql<boolean>`false`;
  return sql<EarlierReviewRow>`
with target as (
  select a.id, s.id as "sessionId", s."clinicId"
    from "Assignment" a join "Session" s on s.id = a."sessionId"
   where a.id = ${id}::int and ${careTeamSessionSql("s", sql<number>`${scope.caregiverId}::int`)}
     for update of a
), open as (
  select e.id, ${newer} as newer
    from "EarlierAlertReview" e join target t on e."assignmentId" = t.id
   where e."reviewedAt" is null and e.alerts <> '[]'::jsonb
     for update of e
), marked as (
  update "EarlierAlertReview" e set "reviewedAt" = ${now}, "reviewerId" = ${scope.caregiverId}::int
    from open o where e.id = o.id and not exists (select from open n where n.newer)
  returning e.id, e."alertsAt", e."reviewedAt", e."reviewerId", e."escalatedAt", e."dutyToldAt"
), latest as (
  -- Nothing to mark: the newest earlier alerts and their review as committed (the lock waits for
  -- a review being written).
  select e.id, e."alertsAt", e."reviewedAt", e."reviewerId", e."escalatedAt", e."dutyToldAt"
    from "EarlierAlertReview" e join target t on e."assignmentId" = t.id
   where e.alerts <> '[]'::jsonb and not exists (select from open)
   order by e."alertsAt" desc nulls last, e.id desc limit 1
     for update of e
), answer as (
  -- The newest of those just marked, else that.
  select * from (
    select 0 as rank, m.* from marked m
    union all
    select 1, l.* from latest l
  ) f order by rank, "alertsAt" desc nulls last, id desc limit 1
),
audit as (${sessionReadsSql(scope.accountId, "target")})
select exists (select from open n where n.newer) as stale, n.id is not null as found,
       ${sql.raw(msSql('n."reviewedAt"'))} as "alertReviewedAt",
       ${sql.raw(msSql('n."escalatedAt"'))} as "alertEscalatedAt",
       ${sql.raw(msSql('n."dutyToldAt"'))} as "alertDutyToldAt", ${sql.raw(msSql('n."alertsAt"'))} as "alertsAt",
       case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as "alertReviewer"
  from target t
  left join answer n on true
  left join "Caregiver" c on c.id = n."reviewerId"`.compile(sqlBuilder);
};

/**
 * A caregiver of the client's care team marks an assignment's earlier alerts reviewed: alerts the
 * care team was told of that answers stored since cleared (a worrying answer saved, then submitted
 * without it), which nobody had marked. They stay on the alerts to review, in the digest's count
 * and due for escalation until someone does. With `alertsAt` (the newest such alerts' moment, as
 * the result shows it), a review that finds alerts kept since marks nothing. Marking again, by
 * anyone, changes nothing and answers the first review. An audited read of the session.
 */
export async function reviewEarlierAlerts(
  scope: CaregiverScope,
  id: number,
  alertsAt: string | undefined,
  offset: number,
): Promise<AlertReviewBody> {
  const [row] = await runSql("review-earlier-alerts", reviewEarlierQuery(scope, id, alertsAt, offset));
  if (!row) throw notFound("assignment");
  if (row.stale)
    throw conflict("the alerts have changed since: earlier alerts were kept after those you saw; look at them first");
  if (!row.found) throw conflict("the assignment has no earlier alerts to review");
  return alertReviewOf(row, offset);
}
