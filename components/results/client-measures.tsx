"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { focusIsLost } from "@/components/focus";
import { MeasureChart } from "@/components/results/measure-chart";
import { SleepDiaryWeeks } from "@/components/results/sleep-diary-weeks";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FOCUS_TARGET } from "@/components/ui/focus-target";
import { MEASURES_ID } from "@/lib/api-client/paths";
import { ErrorState, Loading } from "@/components/ui/states";
import { queries } from "@/lib/api-client/queries";

/**
 * Each measure the client has answered (PHQ-9, GAD-7...) as its scores across sessions, then the
 * sleep diary's nights by week.
 */
export function ClientMeasures({ clientId }: { clientId: number }) {
  const q = useQuery(queries.clientMeasures(clientId));
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened at the measures (the session dashboard's "Scores over time"): the router scrolls to a
  // link's #fragment but leaves the focus at the top of the page, so the next Tab skipped them.
  // Only from the top: someone already on a link or a field (before the scripts ran) stays there.
  useEffect(() => {
    if (window.location.hash === `#${MEASURES_ID}` && focusIsLost()) heading.current?.focus();
  }, []);
  return (
    <Card role="region" aria-labelledby={MEASURES_ID}>
      <CardHeader>
        <CardTitle id={MEASURES_ID} ref={heading} tabIndex={-1} className={FOCUS_TARGET}>
          Measures over time
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        {q.isPending ? (
          <Loading what="the measures" lines={4} />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : (
          <>
            {q.data.measures.length === 0 ? (
              <p className="text-muted-foreground">No scored measure submitted yet.</p>
            ) : (
              q.data.measures.map((m) => (
                <MeasureChart key={m.key} measure={m} episodeStart={q.data.careEpisodeStartDate} />
              ))
            )}
            {q.data.sleepNights.length > 0 && <SleepDiaryWeeks nights={q.data.sleepNights} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
