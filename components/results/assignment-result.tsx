"use client";

import { useQuery } from "@tanstack/react-query";
import { AlertLines } from "@/components/results/alert-lines";
import { AlertReviewLine } from "@/components/results/alert-review";
import { awaitsReview, EarlierAlertReviews } from "@/components/results/earlier-alert-reviews";
import { AlertBadge, ScoreWithBand } from "@/components/results/score-with-band";
import { ErrorState, Loading } from "@/components/ui/states";
import { queries } from "@/lib/api-client/queries";
import { saysValue } from "@/lib/results/says-value";
import { inEnglish } from "@/lib/schemas/in-language";
import type { AssignmentResultBody } from "@/lib/schemas/results";
import { Callout } from "@/components/ui/callout";

const alertHeading = (alerts: { question: string | null }[], submitted: boolean) =>
  !submitted
    ? "Saved answers need your attention: not submitted yet"
    : alerts.length > 1
      ? "Answers need your attention"
      : alerts[0]?.question === null
        ? "The total score needs your attention"
        : "An answer needs your attention";

/**
 * An assignment's answers as the client read the questions and chose the labels (never keys), and
 * for a test its score, band, subscales and alerts, alerts first with their review (`canReview`:
 * the reader is on the care team and may mark them reviewed).
 */
export function AssignmentResultView({ assignmentId, canReview }: { assignmentId: number; canReview: boolean }) {
  const q = useQuery(queries.assignmentResult(assignmentId));
  if (q.isPending) return <Loading what="the answers" lines={3} />;
  if (q.isError) return <ErrorState error={q.error} />;
  const r = q.data;
  const submitted = r.status === "COMPLETE";
  const answered = r.answers.filter((a) => a.answer !== null);
  const ownUrgentWaits = r.alertReview?.reviewedAt === null && r.alerts.some((a) => a.urgent);
  const earlierWait = r.earlierAlertReviews.some(awaitsReview);
  return (
    <div className="flex flex-col gap-3">
      {r.alerts.length > 0 && (
        // The review sits in the alert's box but outside its live region, which would read the
        // whole alert again when the review changes.
        <Callout as="div" className="flex flex-col gap-2 text-foreground">
          <div role="alert" className="flex flex-col gap-1">
            <p className="flex items-center gap-2 font-semibold text-destructive">
              <AlertBadge /> {alertHeading(r.alerts, submitted)}
            </p>
            <AlertLines alerts={r.alerts} className="flex flex-col gap-1" />
          </div>
          {r.alertReview && (
            <AlertReviewLine
              assignmentId={r.assignmentId}
              alertsOf={submitted ? "submitted" : "saved"}
              review={r.alertReview}
              canReview={canReview}
              withEarlier={earlierWait}
            />
          )}
        </Callout>
      )}
      {r.earlierAlertReviews.length > 0 && (
        // While the assignment's own urgent alerts wait, their review marks these too (they are
        // shown with them); a flag that is not urgent does not hold these back.
        <EarlierAlertReviews
          assignmentId={r.assignmentId}
          reviews={r.earlierAlertReviews}
          canReview={canReview && !ownUrgentWaits}
        />
      )}
      {r.isTest && submitted && (
        <p data-testid="result-score">
          Score: <ScoreWithBand score={r.score} band={r.band ? inEnglish(r.band.label) : null} alert={false} />
          {r.range && (
            <span className="text-muted-foreground">
              {" "}
              (of {r.range.min}–{r.range.max})
            </span>
          )}
        </p>
      )}
      {r.subscales.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 text-sm">
          {r.subscales.map((s) => (
            <li key={s.key}>
              {inEnglish(s.label)}: <span className="font-semibold tabular-nums">{s.score}</span>
            </li>
          ))}
        </ul>
      )}
      {r.sleep && <SleepLine assignmentId={r.assignmentId} sleep={r.sleep} />}
      <h4 className="font-semibold">{submitted ? "Answers" : "Answers in progress"}</h4>
      {answered.length === 0 ? (
        <p className="text-muted-foreground">No answers yet.</p>
      ) : (
        <dl className="flex flex-col gap-2" aria-label={`Answers to ${r.moduleName}`}>
          {r.answers.map((a) => (
            <div key={a.questionKey}>
              <dt className="font-medium">{inEnglish(a.question)}</dt>
              <dd className="whitespace-pre-wrap">
                {a.answer === null ? <span className="text-muted-foreground">Not answered</span> : inEnglish(a.answer)}
                {a.type === "scale" &&
                  a.answer !== null &&
                  typeof a.value === "number" &&
                  !saysValue(inEnglish(a.answer), a.value) && (
                    <span className="text-muted-foreground"> ({a.value})</span>
                  )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** 410 minutes as "6 h 50 min" (the API's minutes are whole). */
const hours = (m: number) => `${String(Math.floor(m / 60))} h ${String(m % 60).padStart(2, "0")} min`;

/** The night a sleep diary's answers describe, worked out from them (the answers follow). */
function SleepLine({
  assignmentId,
  sleep,
}: {
  assignmentId: number;
  sleep: NonNullable<AssignmentResultBody["sleep"]>;
}) {
  const heading = `night-${String(assignmentId)}`;
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-1">
      <h4 id={heading} className="font-semibold">
        The night
      </h4>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {(
          [
            ["Time in bed", hours(sleep.timeInBedMinutes)],
            ["Asleep", hours(sleep.totalSleepMinutes)],
            ["Sleep efficiency", `${String(sleep.efficiencyPercent)}%`],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex gap-1">
            <dt>{label}:</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
