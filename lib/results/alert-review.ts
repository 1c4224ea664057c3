import "server-only";
import { formatDate } from "@/lib/dates";
import type { AlertReviewBody } from "@/lib/schemas/results";

/** The review of an assignment's alerts as the result shows it (moments as Dates or epoch ms). */
export const alertReviewOf = (
  a: {
    alertReviewedAt: Date | number | null;
    alertEscalatedAt: Date | number | null;
    alertsAt: Date | number | null;
    alertReviewer: { id: number; name: string } | null;
  },
  offset: number,
): AlertReviewBody => ({
  reviewedAt: formatDate(a.alertReviewedAt, offset),
  reviewedBy: a.alertReviewer,
  escalatedAt: formatDate(a.alertEscalatedAt, offset),
  alertsAt: formatDate(a.alertsAt, offset),
});

/** The columns alertReviewOf reads, for a Prisma select of an assignment. */
export const ALERT_REVIEW_SELECT = {
  alertReviewedAt: true,
  alertEscalatedAt: true,
  alertsAt: true,
  alertReviewer: { select: { id: true, name: true } },
} as const;
