"use client";

import { useQuery } from "@tanstack/react-query";
import { LocalDate } from "@/components/local-date";
import { AlertBadge } from "@/components/results/score-with-band";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import type { AlertsOf } from "@/lib/schemas/results";
import { Callout } from "@/components/ui/callout";

// Whose alerts wait: earlier ones are of answers the client saved, then submitted without them.
const ALERTS_OF: Record<AlertsOf, string> = {
  saved: "saved, not submitted",
  submitted: "submitted",
  earlier: "saved before the submit",
};

/**
 * The urgent alerts of the caregiver's clients that nobody has marked reviewed, escalated first:
 * what to look at before anything else. Each links to the session's dashboard at the assignment,
 * where the alert is open and marked reviewed.
 */
export function AlertsToReview() {
  const q = useQuery(queries.alertsToReview());
  return (
    <Card role="region" aria-labelledby="alerts-heading">
      <CardHeader>
        <CardTitle id="alerts-heading">Alerts to review</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Loading what="alerts to review" lines={1} />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : q.data.content.length === 0 ? (
          <p className="text-muted-foreground">No urgent alert is waiting for a review.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {q.data.content.map((a) => (
              <li key={a.assignmentId}>
                <TextLink href={pages.session(a.sessionId, a.assignmentId)}>
                  {a.clientName}: {a.name}
                </TextLink>
                <span className="flex flex-wrap items-center gap-1 text-sm">
                  <AlertBadge />
                  {ALERTS_OF[a.alertsOf]}
                  {a.since && (
                    <>
                      {" "}
                      <LocalDate value={a.since} />
                    </>
                  )}
                  {a.dutyToldAt ? (
                    <Badge variant="warning">Duty contact told</Badge>
                  ) : (
                    a.escalatedAt && <Badge variant="warning">Staff told</Badge>
                  )}
                </span>
              </li>
            ))}
            {q.data.totalElements > q.data.content.length && (
              <li className="text-sm text-muted-foreground">
                And {q.data.totalElements - q.data.content.length} more, listed as these are reviewed.
              </li>
            )}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * On a phone the list sits below the sessions: a line at the top of the page says how many urgent
 * alerts wait, and leads to it. Where the list is beside the sessions it needs no line to be seen,
 * but a keyboard reaches it only after every session: there the line is shown while it has the focus.
 */
export function AlertsToReviewLink() {
  const total = useQuery({ ...queries.alertsToReview(), select: (p) => p.totalElements }).data ?? 0;
  if (total === 0) return null;
  return (
    <Callout className="mb-6 lg:sr-only lg:focus-within:not-sr-only lg:focus-within:p-3">
      <a href="#alerts-heading" className="font-medium underline underline-offset-4">
        {total === 1 ? "1 urgent alert" : `${String(total)} urgent alerts`} to review
      </a>
    </Callout>
  );
}
