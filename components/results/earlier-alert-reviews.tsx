"use client";

import { FOCUS_TARGET } from "@/components/ui/focus-target";
import { cn } from "@/lib/utils";
import { useEffect, useId, useRef } from "react";
import { focusIsLost } from "@/components/focus";
import { LocalDate } from "@/components/local-date";
import { AlertLines } from "@/components/results/alert-lines";
import { EscalationLine } from "@/components/results/escalation-line";
import { MarkReviewedButton } from "@/components/results/mark-reviewed-button";
import { Callout } from "@/components/ui/callout";
import { useReviewAlert } from "@/lib/api-client/mutations";
import type { EarlierAlertReviewBody } from "@/lib/schemas/results";

/** Earlier alerts that still wait for a review: nobody reviewed them, and they hold alerts. */
export const awaitsReview = (r: EarlierAlertReviewBody) => r.reviewedAt === null && r.alerts.length > 0;

/**
 * An assignment's earlier alerts, which answers stored since (the submit, worse saved answers)
 * cleared: what the care team was told of (a worrying answer saved, then submitted without it),
 * who had looked, and when the staff were told, stay in sight. Answers stored again need not raise
 * alerts (a submit that took a worrying answer back), so the line says when they were stored, not
 * that new alerts came. Only alerts on saved answers are ever cleared (a submitted assignment's
 * stay), so each line says so. Those nobody reviewed still wait for a review, which a caregiver of
 * the care team gives here (`canReview`).
 */
export function EarlierAlertReviews({
  assignmentId,
  reviews,
  canReview,
}: {
  assignmentId: number;
  reviews: readonly EarlierAlertReviewBody[];
  canReview: boolean;
}) {
  const title = useId();
  // The newest of those nobody reviewed names what the caregiver saw: one kept since is not marked
  // unseen.
  const newest = reviews.filter(awaitsReview).at(-1);
  const mark = useReviewAlert(assignmentId, { alertsOf: "earlier", alertsAt: newest?.alertsAt ?? undefined });
  // The button goes once they are marked: the focus goes to the list's title.
  const heading = useRef<HTMLParagraphElement>(null);
  const marked = mark.isSuccess && !newest;
  useEffect(() => {
    if (marked && focusIsLost()) heading.current?.focus();
  }, [marked]);
  const body = (
    <>
      <p ref={heading} tabIndex={-1} id={title} className={cn("font-medium", FOCUS_TARGET)}>
        Earlier alerts on this homework
      </p>
      <ul aria-labelledby={title} className="list-disc pl-5 text-muted-foreground">
        {reviews.map((r, i) => (
          <li key={i}>
            {r.alertsAt ? (
              <>
                Alerts on saved answers, told on <LocalDate value={r.alertsAt} />:
              </>
            ) : (
              "Alerts on saved answers:"
            )}{" "}
            {r.reviewedAt ? (
              <>
                reviewed by {r.reviewedBy?.name ?? "a caregiver"} on <LocalDate value={r.reviewedAt} />.
              </>
            ) : (
              "not reviewed."
            )}
            <EscalationLine escalatedAt={r.escalatedAt} dutyToldAt={r.dutyToldAt} /> Replaced on{" "}
            <LocalDate value={r.clearedAt} />, when the answers were stored again.
            {r.alerts.length > 0 && <AlertLines alerts={r.alerts} className="list-[circle] pl-5" />}
          </li>
        ))}
      </ul>
      {newest && canReview && (
        <div className="flex flex-col gap-2 pt-1">
          <MarkReviewedButton
            mark={mark}
            label="Mark earlier alerts as reviewed"
            done="Earlier alerts marked as reviewed."
          />
        </div>
      )}
    </>
  );
  // Alerts nobody reviewed stand out as the assignment's own do; reviewed ones are a record.
  return newest ? (
    <Callout as="div" className="flex flex-col gap-1 text-sm text-foreground">
      {body}
    </Callout>
  ) : (
    <div className="flex flex-col gap-1 text-sm">{body}</div>
  );
}
