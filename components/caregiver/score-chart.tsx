/** Scores of the submitted tests over time, as a small line chart with a text equivalent. */
export function ScoreChart({ points }: { points: { label: string; score: number }[] }) {
  if (points.length === 0) return <p className="text-muted-foreground">No scored assignment yet.</p>;
  const w = 240;
  const h = 80;
  const max = Math.max(...points.map((p) => p.score), 1);
  const x = (i: number) => (points.length === 1 ? w / 2 : 10 + (i * (w - 20)) / (points.length - 1));
  const y = (s: number) => h - 10 - (s / max) * (h - 20);
  const description = points.map((p) => `${p.label}: ${String(p.score)}`).join("; ");
  return (
    <svg
      viewBox={`0 0 ${String(w)} ${String(h)}`}
      className="h-20 w-60 max-w-full"
      role="img"
      aria-label={`Scores over time: ${description}`}
    >
      <line x1="10" y1={h - 10} x2={w - 10} y2={h - 10} className="stroke-chart-axis" strokeWidth="1" />
      <polyline
        fill="none"
        className="stroke-chart-line"
        strokeWidth="2"
        points={points.map((p, i) => `${String(x(i))},${String(y(p.score))}`).join(" ")}
      />
      {points.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.score)} r="3.5" className="fill-chart-line">
          <title>{`${p.label}: ${String(p.score)}`}</title>
        </circle>
      ))}
    </svg>
  );
}
