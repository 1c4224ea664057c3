"use client";

import { FOCUS_TARGET } from "@/components/ui/focus-target";
import { cn } from "@/lib/utils";
import { useEffect, useRef } from "react";
import { focusIsLost } from "@/components/focus";
import { LocalDate } from "@/components/local-date";
import { EscalationLine } from "@/components/results/escalation-line";
import { MarkReviewedButton } from "@/components/results/mark-reviewed-button";
import { useReviewAlert } from "@/lib/api-client/mutations";
import type { AlertReviewBody } from "@/lib/schemas/results";

/**
 * Under an assignment's alerts: who on the care team reviewed them and when, or that nobody has
 * (and whether the clinic's staff were told), with the button that marks them reviewed for a
 * caregiver of the care team.
 */
export function AlertReviewLine({
  assignmentId,
  alertsOf,
  review,
  canReview,
  withEarlier,
}: {
  assignmentId: number;
  /** The alerts shown: of answers saved and not submitted, or of submitted ones. */
  alertsOf: "saved" | "submitted";
  review: AlertReviewBody;
  canReview: boolean;
  /** Earlier alerts nobody reviewed are shown below: the review marks them too, and says so. */
  withEarlier: boolean;
}) {
  const mark = useReviewAlert(assignmentId, { alertsOf, alertsAt: review.alertsAt ?? undefined });
  // The button goes with the review it records: the focus goes to the line that replaced it.
  const reviewed = useRef<HTMLParagraphElement>(null);
  const marked = mark.isSuccess && review.reviewedAt !== null;
  useEffect(() => {
    if (marked && focusIsLost()) reviewed.current?.focus();
  }, [marked]);
  const escalated = <EscalationLine escalatedAt={review.escalatedAt} dutyToldAt={review.dutyToldAt} />;
  if (review.reviewedAt)
    return (
      <p ref={reviewed} tabIndex={-1} className={cn("text-sm", FOCUS_TARGET)} data-testid="alert-review">
        Reviewed by {review.reviewedBy?.name ?? "a caregiver"} on <LocalDate value={review.reviewedAt} />.{escalated}
      </p>
    );
  return (
    <div className="flex flex-col gap-2" data-testid="alert-review">
      <p className="text-sm">Not reviewed yet.{escalated}</p>
      {canReview && (
        <MarkReviewedButton
          mark={mark}
          label={withEarlier ? "Mark these and the earlier alerts as reviewed" : "Mark as reviewed"}
          done={withEarlier ? "Marked as reviewed, with the earlier alerts." : "Marked as reviewed."}
        />
      )}
    </div>
  );
}
