import "server-only";
import { sql } from "kysely";
import { sessionReadsSql } from "@/lib/audit/record-read";
import type { CaregiverScope } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { conflict, notFound } from "@/lib/errors";
import { alertReviewOf, seenMinuteSql } from "@/lib/results/alert-review";
import { reviewEarlierAlerts } from "@/lib/results/review-earlier-alerts";
import type { AlertReviewBody, AlertsOf } from "@/lib/schemas/results";
import { careTeamSessionSql } from "@/lib/sessions/care-team";
import { NOW_SQL, msSql } from "@/lib/db/database-clock";

type ReviewRow = { status: string; alerted: boolean; sameAlerts: boolean } & Parameters<typeof alertReviewOf>[0];

/**
 * Which alerts the caregiver looked at: of answers saved and not submitted, or submitted; and when
 * those were stored (the result's `alertReview.alertsAt`).
 */
type AlertsSeen = { alertsOf?: AlertsOf; alertsAt?: string };

// One statement: the assignment as the caller may see it, locked (FOR UPDATE waits for a review
// being written and then reads it as committed, so of two caregivers marking at once the second
// finds the first's), the mark when it is due, with the earlier alerts nobody reviewed (shown under
// the alerts, and all kept before these alerts were stored, so seen with them), and the session's
// audit row. Answers what was there or what the mark wrote.
const reviewQuery = (scope: CaregiverScope, id: number, seen: AlertsSeen, offset: number) => {
  const now = sql.raw(NOW_SQL);
  const { alertsOf, alertsAt } = seen;
  // The alerts the caller saw, to the minute the API wrote their moment in (formatDate).
  const from = seenMinuteSql(alertsAt, offset);
  const same = from
    ? sql<boolean>`(t."alertsAt" >= ${from} and t."alertsAt" < ${from} + interval '1 minute')`
    : sql<boolean>`true`;
  return sql<ReviewRow>`
with target as (
  select a.id, a.status, a.alerts <> '[]'::jsonb as alerted, a."alertReviewedAt", a."alertReviewerId",
         a."alertEscalatedAt", a."alertDutyToldAt", a."alertsAt", s.id as "sessionId", s."clinicId"
    from "Assignment" a join "Session" s on s.id = a."sessionId"
   where a.id = ${id}::int and ${careTeamSessionSql("s", sql<number>`${scope.caregiverId}::int`)}
     for update of a
), marked as (
  update "Assignment" a set "alertReviewedAt" = ${now}, "alertReviewerId" = ${scope.caregiverId}::int, "updatedAt" = ${now}
    from target t
   where a.id = t.id and t.alerted and t."alertReviewedAt" is null
     and ${alertsOf === undefined ? sql`true` : sql`(t.status = 'COMPLETE') = ${alertsOf === "submitted"}`}
     and ${same}
  returning a."alertReviewedAt", a."alertReviewerId"
), earlier as (
  update "EarlierAlertReview" e set "reviewedAt" = ${now}, "reviewerId" = ${scope.caregiverId}::int
    from marked m where e."assignmentId" = ${id}::int and e."reviewedAt" is null and e.alerts <> '[]'::jsonb
), audit as (${sessionReadsSql(scope.accountId, "target")})
select t.status, t.alerted,
       ${sql.raw(msSql('coalesce(m."alertReviewedAt", t."alertReviewedAt")'))} as "alertReviewedAt",
       ${sql.raw(msSql('t."alertEscalatedAt"'))} as "alertEscalatedAt",
       ${sql.raw(msSql('t."alertDutyToldAt"'))} as "alertDutyToldAt", ${sql.raw(msSql('t."alertsAt"'))} as "alertsAt",
       coalesce(${same}, false) as "sameAlerts",
       case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as "alertReviewer"
  from target t
  left join marked m on true
  left join "Caregiver" c on c.id = coalesce(m."alertReviewerId", t."alertReviewerId")`.compile(sqlBuilder);
};

/**
 * A caregiver of the client's care team marks an assignment's alerts reviewed ("risk reviewed"):
 * who and when, which stops the escalation to the clinic's staff. The alerts of answers submitted,
 * or of answers saved and not submitted that the care team was told of (saved-alert.ts). Marking
 * again, by anyone, changes nothing and answers the first review. With `alertsOf`, a review that
 * finds the other alerts (the client submitted since the caregiver looked) marks nothing: the
 * submitted answers are to be looked at first; `earlier` marks the earlier alerts nobody reviewed
 * instead (review-earlier-alerts.ts). An audited read of the session: the answer says whether the
 * answers raised an alert.
 */
export async function reviewAssignmentAlert(
  scope: CaregiverScope,
  id: number,
  seen: AlertsSeen,
  offset: number,
): Promise<AlertReviewBody> {
  const { alertsOf } = seen;
  if (alertsOf === "earlier") return reviewEarlierAlerts(scope, id, seen.alertsAt, offset);
  const [row] = await runSql("review-alert", reviewQuery(scope, id, seen, offset));
  if (!row) throw notFound("assignment");
  const submitted = row.status === "COMPLETE";
  if (row.alerted && alertsOf !== undefined && submitted !== (alertsOf === "submitted"))
    throw conflict(
      submitted
        ? "the client has submitted since: look at the submitted answers and their alerts first"
        : "the answers are not submitted yet",
    );
  if (row.alerted && !row.sameAlerts)
    throw conflict("the alerts have changed since: the client saved worse answers; look at them first");
  if (!row.alerted)
    throw conflict(
      row.status === "COMPLETE"
        ? "the assignment's answers raised no alert to review"
        : "the assignment is not submitted yet, and its saved answers raised no alert",
    );
  return alertReviewOf(row, offset);
}
