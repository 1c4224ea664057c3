import { LocalDate } from "@/components/local-date";
import type { EarlierAlertReviewBody } from "@/lib/schemas/results";

/**
 * The reviews and escalations of an assignment's earlier alerts, which alerts stored since (the
 * submit, worse saved answers) started again: the record of who had looked, and when the staff
 * were told, stays in sight.
 */
export function EarlierAlertReviews({ reviews }: { reviews: readonly EarlierAlertReviewBody[] }) {
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="earlier-alert-reviews">
      <p className="font-medium">Earlier alerts on this homework</p>
      <ul className="list-disc pl-5 text-muted-foreground">
        {reviews.map((r, i) => (
          <li key={i}>
            {r.alertsAt ? (
              <>
                Alerts of <LocalDate value={r.alertsAt} />:
              </>
            ) : (
              "Alerts:"
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
            Replaced by new alerts on <LocalDate value={r.clearedAt} />.
          </li>
        ))}
      </ul>
    </div>
  );
}
