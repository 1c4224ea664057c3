"use client";

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AlertBadge } from "@/components/results/score-with-band";
import { LocalDate } from "@/components/local-date";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatApiDate } from "@/lib/api-client/format-date";
import type { ClientMeasuresBody } from "@/lib/schemas/results";

type Measure = ClientMeasuresBody["measures"][number];

const LINE = "var(--color-chart-line)";
const AXIS = "var(--color-chart-axis)";
const ALERT = "var(--color-destructive)";

/** Where one band ends and the next begins: a line at each band's lowest score but the first's. */
export const thresholdsOf = (m: Measure) => m.bands.slice(1).map((b) => ({ at: b.min, label: b.label.en }));

/**
 * One measure's scores across sessions on its whole range, with a line at each band threshold
 * (PHQ-9: 5, 10, 15, 20), and the same as text: the bands and a table of the scores. The drawing
 * is hidden from screen readers, which read the text.
 */
export function MeasureChart({ measure }: { measure: Measure }) {
  const { range } = measure;
  const thresholds = thresholdsOf(measure);
  const data = measure.points.map((p, i) => ({
    ...p,
    // Two scores on one day stay two points: the index keeps each category apart.
    x: `${formatApiDate(p.date, "date")}#${String(i)}`,
  }));
  const headingId = `measure-${measure.key}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        {measure.name}{" "}
        <span className="font-normal text-muted-foreground">
          (score {range.min}–{range.max})
        </span>
      </h3>
      <div aria-hidden="true" className="h-64 w-full" data-testid={`chart-${measure.key}`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 12, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke={AXIS} strokeOpacity={0.25} vertical={false} />
            <XAxis
              dataKey="x"
              tickFormatter={(x: string) => x.split("#")[0] ?? x}
              stroke={AXIS}
              tick={{ fontSize: 12 }}
              interval="preserveStartEnd"
            />
            <YAxis
              domain={[range.min, range.max]}
              ticks={[range.min, ...thresholds.map((t) => t.at), range.max]}
              allowDataOverflow
              stroke={AXIS}
              tick={{ fontSize: 12 }}
              width={36}
            />
            {thresholds.map((t) => (
              <ReferenceLine
                key={t.at}
                y={t.at}
                stroke={AXIS}
                strokeDasharray="4 4"
                label={{ value: t.label, position: "insideBottomRight", fontSize: 11, fill: AXIS }}
              />
            ))}
            <Tooltip
              labelFormatter={(x) => (typeof x === "string" ? (x.split("#")[0] ?? x) : "")}
              formatter={(v) => [String(v), "Score"]}
            />
            <Line
              type="linear"
              dataKey="score"
              stroke={LINE}
              strokeWidth={2}
              isAnimationActive={false}
              dot={(props: { cx?: number; cy?: number; index?: number; payload?: { alert: boolean } }) => (
                <circle
                  key={props.index}
                  cx={props.cx}
                  cy={props.cy}
                  r={props.payload?.alert ? 6 : 4}
                  fill={props.payload?.alert ? ALERT : LINE}
                />
              )}
            />
          </LineChart>
        </ResponsiveContainer>
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
      <Table>
        <TableCaption>{measure.name} scores by session</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Submitted</TableHead>
            <TableHead>Session</TableHead>
            <TableHead>Score</TableHead>
            <TableHead>Band</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {measure.points.map((p) => (
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
      </Table>
    </section>
  );
}
