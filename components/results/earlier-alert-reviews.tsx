import { useId } from "react";
import { LocalDate } from "@/components/local-date";
import { AlertLines } from "@/components/results/alert-lines";
import type { EarlierAlertReviewBody } from "@/lib/schemas/results";

/**
 * An assignment's earlier alerts, which answers stored since (the submit, worse saved answers)
 * cleared: what the care team was told of (a worrying answer saved, then submitted without it),
 * who had looked, and when the staff were told, stay in sight. Answers stored again need not raise
 * alerts (a submit that took a worrying answer back), so the line says when they were stored, not
 * that new alerts came. Only alerts on saved answers are ever cleared (a submitted assignment's
 * stay), so each line says so.
 */
export function EarlierAlertReviews({ reviews }: { reviews: readonly EarlierAlertReviewBody[] }) {
  const title = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p id={title} className="font-medium">
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
            {r.escalatedAt && (
              <>
                {" "}
                The clinic&apos;s staff were told on <LocalDate value={r.escalatedAt} />.
              </>
            )}{" "}
            Closed on <LocalDate value={r.clearedAt} />, when the answers were stored again.
            {r.alerts.length > 0 && <AlertLines alerts={r.alerts} className="list-[circle] pl-5" />}
          </li>
        ))}
      </ul>
    </div>
  );
}
