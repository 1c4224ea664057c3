import "server-only";
import { sql } from "kysely";
import { formatDate, parseContractDateTime } from "@/lib/dates";
import type { AlertReviewBody } from "@/lib/schemas/results";

/** The review of an assignment's alerts as the result shows it (moments as Dates or epoch ms). */
export const alertReviewOf = (
  a: {
    alertReviewedAt: Date | number | null;
    alertEscalatedAt: Date | number | null;
    alertDutyToldAt: Date | number | null;
    alertsAt: Date | number | null;
    alertReviewer: { id: number; name: string } | null;
  },
  offset: number,
): AlertReviewBody => ({
  reviewedAt: formatDate(a.alertReviewedAt, offset),
  reviewedBy: a.alertReviewer,
  escalatedAt: formatDate(a.alertEscalatedAt, offset),
  dutyToldAt: formatDate(a.alertDutyToldAt, offset),
  alertsAt: formatDate(a.alertsAt, offset),
});

/**
 * SQL: the start of the minute a review says it saw alerts stored in (`alertsAt`, as the API wrote
 * it: to the minute, in the caller's offset), or null when the review does not say.
 */
export function seenMinuteSql(alertsAt: string | undefined, offset: number) {
  const seenAt = alertsAt === undefined ? null : parseContractDateTime(alertsAt, offset);
  return seenAt && sql`(to_timestamp(${seenAt.getTime()}::float8 / 1000) at time zone 'UTC')`;
}

/** The columns alertReviewOf reads, for a Prisma select of an assignment. */
export const ALERT_REVIEW_SELECT = {
  alertReviewedAt: true,
  alertEscalatedAt: true,
  alertDutyToldAt: true,
  alertsAt: true,
  alertReviewer: { select: { id: true, name: true } },
} as const;
