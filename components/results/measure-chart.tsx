"use client";

import { FOCUS_TARGET } from "@/components/ui/focus-target";
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { AlertBadge } from "@/components/results/score-with-band";
import { LocalDate } from "@/components/local-date";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useInView } from "@/components/use-in-view";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableGroupHeading,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { ClientMeasuresBody } from "@/lib/schemas/results";

export type Measure = ClientMeasuresBody["measures"][number];

/** How many of a measure's latest scores its table shows until asked for all (docs/ui.md, "Long lists"). */
const LATEST_SCORES = 10;

/** Where the drawing will be, until it is: the box pulses, so a blank space does not read as nothing. */
const PlotPlaceholder = () => <Skeleton className="size-full" />;

// The drawing library is most of a client page's JavaScript, and drawing is the page's longest
// task on a phone: it is loaded in the browser only (a drawing the size of its box, which the
// server does not know), and only once its box comes near the viewport; the text below says the
// same to everyone meanwhile.
const MeasurePlot = dynamic(() => import("@/components/results/measure-plot"), {
  ssr: false,
  loading: PlotPlaceholder,
});

/**
 * The table's groups of rows: one, or, once the client's scores span a new episode of care, those
 * before it and those of it (either may be all of the latest shown), each under its heading.
 */
function episodeGroups(rows: Measure["points"], episodeStart: string | null, spansEpisodes: boolean) {
  if (!episodeStart || !spansEpisodes) return [{ key: "all", heading: null, rows }];
  const since = <LocalDate value={episodeStart} style="date" />;
  return [
    { key: "before", heading: <>Before this episode of care</>, rows: rows.filter((p) => p.earlierEpisode) },
    { key: "episode", heading: <>This episode of care, since {since}</>, rows: rows.filter((p) => !p.earlierEpisode) },
  ].filter((g) => g.rows.length > 0);
}

/**
 * One measure's scores across sessions on its whole range, with a line at each band threshold
 * (PHQ-9: 5, 10, 15, 20) and one where the client's current episode of care began, and the same as
 * text: the bands and a table of the scores, the latest ten until asked for all, by episode. The
 * drawing is hidden from screen readers, which read the text.
 */
export function MeasureChart({ measure, episodeStart }: { measure: Measure; episodeStart: string | null }) {
  const { range, points } = measure;
  const headingId = `measure-${measure.key}`;
  const [plotBox, nearView] = useInView<HTMLDivElement>();
  const [all, setAll] = useState(false);
  const rows = all ? points : points.slice(-LATEST_SCORES);
  // Once all show (only the button shows them), the focus goes from the button, which goes, to the
  // table it filled.
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (all) table.current?.focus();
  }, [all]);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        {measure.name}{" "}
        <span className="font-normal text-muted-foreground">
          (score {range.min}–{range.max})
        </span>
      </h3>
      <div ref={plotBox} aria-hidden="true" className="h-64 w-full" data-testid={`chart-${measure.key}`}>
        {nearView ? <MeasurePlot measure={measure} /> : <PlotPlaceholder />}
      </div>
      <p className="text-sm text-muted-foreground" data-testid={`bands-${measure.key}`}>
        Bands:{" "}
        {measure.bands.map((b, i) => (
          <span key={b.min}>
            {i > 0 && "; "}
            {b.min}–{b.max} {b.label.en}
          </span>
        ))}
      </p>
      {rows.length < points.length && (
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setAll(true);
            }}
          >
            Show all {points.length} {measure.name} scores
          </Button>
        </div>
      )}
      <Table ref={table} tabIndex={-1} className={FOCUS_TARGET}>
        <TableCaption>
          {measure.name} scores by session
          {rows.length < points.length && `: the latest ${String(rows.length)} of ${String(points.length)}`}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Submitted</TableHead>
            <TableHead>Session</TableHead>
            <TableHead>Score</TableHead>
            <TableHead>Band</TableHead>
          </TableRow>
        </TableHeader>
        {episodeGroups(
          rows,
          episodeStart,
          points.some((p) => p.earlierEpisode),
        ).map((g, i) => (
          // On a phone the rows are cards: the second group stands apart from the first.
          <TableBody key={g.key} className={i > 0 ? "mt-4 sm:mt-0" : undefined}>
            {g.heading && <TableGroupHeading colSpan={4}>{g.heading}</TableGroupHeading>}
            {g.rows.map((p) => (
              <TableRow key={p.assignmentId}>
                <TableCell label="Submitted">
                  <LocalDate value={p.date} style="date" />
                </TableCell>
                <TableCell label="Session">{p.sessionTitle}</TableCell>
                <TableCell label="Score" className="tabular-nums">
                  {p.score}
                </TableCell>
                <TableCell label="Band">
                  <span className="inline-flex flex-wrap items-center gap-1">
                    {p.band ?? "—"}
                    {p.alert && <AlertBadge />}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        ))}
      </Table>
    </section>
  );
}
