import "server-only";
import { sql } from "kysely";
import { recordRead } from "@/lib/audit/record-read";
import type { CaregiverScope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { conflict, notFound } from "@/lib/errors";
import { ALERT_REVIEW_SELECT, alertReviewOf } from "@/lib/results/alert-review";
import type { AlertReviewBody } from "@/lib/schemas/results";
import { careTeamClient, careTeamSessionSql } from "@/lib/sessions/care-team";
import { NOW_SQL } from "@/lib/sessions/session-lock";

// The first review stays: the condition on "alertReviewedAt" sits in the UPDATE's own WHERE, so of
// two caregivers marking at once the second finds the row already reviewed (PostgreSQL checks the
// row again once the first commits) and both answers name the first.
const markReviewed = (scope: CaregiverScope, id: number) =>
  sql`update "Assignment" a set "alertReviewedAt" = ${sql.raw(NOW_SQL)}, "alertReviewerId" = ${scope.caregiverId}::int
  from "Session" s
 where a.id = ${id}::int and s.id = a."sessionId" and ${careTeamSessionSql("s", sql<number>`${scope.caregiverId}::int`)}
   and a.status = 'COMPLETE' and a.alerts <> '[]'::jsonb and a."alertReviewedAt" is null`.compile(sqlBuilder);

/**
 * A caregiver of the client's care team marks a submitted assignment's alerts reviewed ("risk
 * reviewed"): who and when, which stops the escalation to the clinic's staff. Marking again, by
 * anyone, changes nothing and answers the first review. An audited read of the session: the
 * answer says whether the answers raised an alert.
 */
export async function reviewAssignmentAlert(
  scope: CaregiverScope,
  id: number,
  offset: number,
): Promise<AlertReviewBody> {
  await runSql("review-alert", markReviewed(scope, id));
  const a = await db().assignment.findFirst({
    where: { id, session: { client: careTeamClient(scope.caregiverId) } },
    select: { status: true, session: { select: { id: true, clinicId: true } }, ...ALERT_REVIEW_SELECT },
  });
  if (!a) throw notFound("assignment");
  await recordRead(scope, "READ_SESSION", a.session.clinicId, a.session.id);
  if (a.status !== "COMPLETE") throw conflict("the assignment is not submitted yet; its answers raised no alert");
  if (!a.alertReviewedAt) throw conflict("the assignment's answers raised no alert to review");
  return alertReviewOf(a, offset);
}
