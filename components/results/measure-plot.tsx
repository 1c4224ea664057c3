"use client";

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatApiDate } from "@/lib/api-client/format-date";
import type { Measure } from "@/components/results/measure-chart";

const LINE = "var(--color-chart-line)";
const AXIS = "var(--color-chart-axis)";
const ALERT = "var(--color-destructive)";

/** Where one band ends and the next begins: a line at each band's lowest score but the first's. */
const thresholdsOf = (m: Measure) => m.bands.slice(1).map((b) => ({ at: b.min, label: b.label.en }));

type LabelPosition = "insideBottomRight" | "insideBottomLeft" | "insideTopRight" | "insideTopLeft";

/**
 * Where a band line's label is drawn clear of the points: above the line at the right end, else at
 * the left, else below it. A label spans about the end's last (or first) sixth of the points, and
 * a band's height about an eighth of the range (on a phone, two points touching the word read as
 * part of it).
 */
function labelPosition(scores: number[], at: number, span: number): LabelPosition {
  const k = Math.max(1, Math.ceil(scores.length / 6));
  const [left, right] = [scores.slice(0, k), scores.slice(-k)];
  const d = span / 8;
  const clear = (end: number[], lo: number, hi: number) => end.every((s) => s < lo || s > hi);
  const choices: [LabelPosition, number[], number, number][] = [
    ["insideBottomRight", right, at, at + d],
    ["insideBottomLeft", left, at, at + d],
    ["insideTopRight", right, at - d, at],
    ["insideTopLeft", left, at - d, at],
  ];
  return choices.find(([, end, lo, hi]) => clear(end, lo, hi))?.[0] ?? "insideBottomRight";
}

/** The drawing of one measure's scores (recharts, loaded apart: measure-chart.tsx). */
export default function MeasurePlot({ measure }: { measure: Measure }) {
  const { range } = measure;
  const thresholds = thresholdsOf(measure);
  const data = measure.points.map((p, i) => ({
    ...p,
    // Two scores on one day stay two points: the index keeps each category apart.
    x: `${formatApiDate(p.date, "date")}#${String(i)}`,
  }));
  // The first score of the current episode of care, when scores came before it (oldest first).
  const episodeFirst = data.some((p) => p.earlierEpisode) ? data.findIndex((p) => !p.earlierEpisode) : -1;
  // Its label reads towards the middle, so that it stays inside the drawing at either end.
  const episodeLabelAt = episodeFirst < data.length / 2 ? "insideTopLeft" : "insideTopRight";
  return (
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
            label={{
              value: t.label,
              position: labelPosition(
                data.map((p) => p.score),
                t.at,
                range.max - range.min,
              ),
              fontSize: 11,
              fill: AXIS,
            }}
          />
        ))}
        {episodeFirst >= 0 && (
          <ReferenceLine
            x={data[episodeFirst]?.x}
            stroke={AXIS}
            label={{ value: "New episode of care", position: episodeLabelAt, fontSize: 11, fill: AXIS }}
          />
        )}
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
  );
}
