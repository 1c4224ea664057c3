import "server-only";
import { formatDate } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import { resultAlerts } from "@/lib/results/answer-words";
import { storedAlerts } from "@/lib/results/stored-result";
import type { ModuleDefinitionT } from "@/lib/schemas/module-definition";
import type { EarlierAlertReviewBody } from "@/lib/schemas/results";

/** The alert columns `keepEarlierAlertReviewSql` reads, for the select that locks the rows. */
export const REVIEW_COLUMNS_SQL = (a: string) =>
  `${a}."alertsAt", ${a}.alerts, ${a}."alertReviewedAt", ${a}."alertReviewerId", ${a}."alertEscalatedAt", ${a}."alertDutyToldAt"`;

/**
 * SQL (a data-modifying statement, for a WITH): keeps the alerts in `rows` (a relation of
 * assignments with `id` and REVIEW_COLUMNS_SQL), with their review and escalation, before answers
 * stored anew clear them: those the care team was told of whether or not anyone looked, so that a
 * worrying answer saved and then submitted without it stays on record. The rows must be read with
 * the assignments locked (`for no key update`): a review that commits while the clearing statement
 * waits for the row is then read as committed, not as the statement's snapshot had it, and kept
 * rather than cleared unseen.
 */
export const keepEarlierAlertReviewSql = (rows: string, now: string) =>
  `insert into "EarlierAlertReview" ("assignmentId", "alertsAt", alerts, "reviewedAt", "reviewerId", "escalatedAt", "dutyToldAt", "clearedAt")
   select k.id, ${REVIEW_COLUMNS_SQL("k")}, ${now}
     from ${rows} k
    where k.alerts <> '[]'::jsonb or k."alertReviewedAt" is not null or k."alertEscalatedAt" is not null`;

/** The columns earlierAlertReviewsOf reads, for a Prisma select of an assignment. */
export const EARLIER_ALERT_REVIEWS_SELECT = {
  earlierReviews: {
    orderBy: [{ clearedAt: "asc" }, { id: "asc" }],
    select: {
      alertsAt: true,
      alerts: true,
      reviewedAt: true,
      escalatedAt: true,
      dutyToldAt: true,
      clearedAt: true,
      reviewer: { select: { id: true, name: true } },
    },
  },
} satisfies Prisma.AssignmentSelect;

type EarlierRow = Prisma.EarlierAlertReviewGetPayload<{
  select: (typeof EARLIER_ALERT_REVIEWS_SELECT)["earlierReviews"]["select"];
}>;

/** The kept alerts and reviews as the result shows them, oldest first, read against `def`. */
export const earlierAlertReviewsOf = (
  rows: readonly EarlierRow[],
  def: ModuleDefinitionT,
  offset: number,
): EarlierAlertReviewBody[] =>
  rows.map((r) => ({
    alertsAt: formatDate(r.alertsAt, offset),
    alerts: resultAlerts(def, storedAlerts(r.alerts)),
    reviewedAt: formatDate(r.reviewedAt, offset),
    reviewedBy: r.reviewer,
    escalatedAt: formatDate(r.escalatedAt, offset),
    dutyToldAt: formatDate(r.dutyToldAt, offset),
    clearedAt: formatDate(r.clearedAt, offset),
  }));
