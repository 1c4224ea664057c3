"use client";

import { useQuery } from "@tanstack/react-query";
import { MeasureChart } from "@/components/results/measure-chart";
import { SleepDiaryWeeks } from "@/components/results/sleep-diary-weeks";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { queries } from "@/lib/api-client/queries";

/**
 * Each measure the client has answered (PHQ-9, GAD-7...) as its scores across sessions, then the
 * sleep diary's nights by week.
 */
export function ClientMeasures({ clientId }: { clientId: number }) {
  const q = useQuery(queries.clientMeasures(clientId));
  return (
    <Card role="region" aria-labelledby="measures-heading">
      <CardHeader>
        <CardTitle id="measures-heading">Measures over time</CardTitle>
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
