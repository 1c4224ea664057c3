import "server-only";
import { formatDate } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EarlierAlertReviewBody } from "@/lib/schemas/results";

/**
 * SQL (a data-modifying statement, for a WITH or alone): keeps the review and escalation of the
 * alerts of the assignments `ids` (a relation with an `id` column) before alerts stored anew clear
 * them. In the statement that clears them it reads the rows as they were before it.
 */
export const keepEarlierAlertReviewSql = (ids: string, now: string) =>
  `insert into "EarlierAlertReview" ("assignmentId", "alertsAt", "reviewedAt", "reviewerId", "escalatedAt", "clearedAt")
   select a.id, a."alertsAt", a."alertReviewedAt", a."alertReviewerId", a."alertEscalatedAt", ${now}
     from "Assignment" a join ${ids} k on k.id = a.id
    where a."alertReviewedAt" is not null or a."alertEscalatedAt" is not null`;

/** The columns earlierAlertReviewsOf reads, for a Prisma select of an assignment. */
export const EARLIER_ALERT_REVIEWS_SELECT = {
  earlierReviews: {
    orderBy: [{ clearedAt: "asc" }, { id: "asc" }],
    select: {
      alertsAt: true,
      reviewedAt: true,
      escalatedAt: true,
      clearedAt: true,
      reviewer: { select: { id: true, name: true } },
    },
  },
} satisfies Prisma.AssignmentSelect;

type EarlierRow = {
  alertsAt: Date | null;
  reviewedAt: Date | null;
  escalatedAt: Date | null;
  clearedAt: Date;
  reviewer: { id: number; name: string } | null;
};

/** The kept reviews as the result shows them, oldest first. */
export const earlierAlertReviewsOf = (rows: readonly EarlierRow[], offset: number): EarlierAlertReviewBody[] =>
  rows.map((r) => ({
    alertsAt: formatDate(r.alertsAt, offset),
    reviewedAt: formatDate(r.reviewedAt, offset),
    reviewedBy: r.reviewer,
    escalatedAt: formatDate(r.escalatedAt, offset),
    clearedAt: formatDate(r.clearedAt, offset),
  }));
