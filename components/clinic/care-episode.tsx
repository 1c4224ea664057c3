"use client";

import { useQuery } from "@tanstack/react-query";
import { LocalDate } from "@/components/local-date";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/sonner";
import { ErrorState } from "@/components/ui/states";
import { mutateThen, useStartCareEpisode } from "@/lib/api-client/mutations";
import { queries } from "@/lib/api-client/queries";

/**
 * The client's current episode of care, and for the clinic's staff a new one started after a
 * confirmation: a client seen again after a discharge has their change alerts measured afresh
 * (docs/library.md, "Episodes of care").
 */
export function CareEpisode({
  client,
  canStart,
}: {
  client: { id: number; name: string; careEpisodeStartDate: string | null };
  canStart: boolean;
}) {
  const start = useStartCareEpisode(client.id);
  // The measures card's own query (the same key: no second read). Until a first score there is
  // nothing a new episode would measure afresh from.
  const measures = useQuery(queries.clientMeasures(client.id));
  const noScore = !client.careEpisodeStartDate && measures.data?.measures.length === 0;
  return (
    <Card role="region" aria-labelledby="episode-heading">
      <CardHeader>
        <CardTitle id="episode-heading">Episode of care</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p>
          {client.careEpisodeStartDate ? (
            <>
              Since <LocalDate value={client.careEpisodeStartDate} />: an alert on a change compares each new score with
              the first score of this episode and with the one before it.
            </>
          ) : noScore ? (
            "No score yet. From the client's first score, an alert on a change compares each new score with that first score and with the one before it."
          ) : (
            "Since the client's first score: an alert on a change compares each new score with that first score and with the one before it."
          )}
        </p>
        {start.isError && <ErrorState error={start.error} className="my-0" />}
        {canStart && !noScore && (
          <ConfirmButton
            label={start.isPending ? "Starting…" : "Start a new episode of care"}
            variant="outline"
            pending={start.isPending}
            title="Start a new episode of care?"
            description={
              <>
                For a client the clinic sees again, after a discharge or a long break. From now, an alert on a change in
                a score (such as PHQ-9 up 6) measures each new score from the scores of the new episode, not from{" "}
                {client.careEpisodeStartDate
                  ? "those of the episode before"
                  : `${client.name}'s first score at the clinic`}
                .
              </>
            }
            confirm="Start new episode"
            onConfirm={() => {
              mutateThen(start, undefined, () => toast.success("New episode of care started."));
            }}
          >
            <p className="text-sm">The scores before stay on this page and in the results.</p>
          </ConfirmButton>
        )}
      </CardContent>
    </Card>
  );
}
