/** Scores of the submitted tests over time, as a small line chart with a text equivalent. */
export function ScoreChart({ points }: { points: { label: string; score: number }[] }) {
  if (points.length === 0) return <p className="text-slate-700">No scored assignment yet.</p>;
  const w = 240;
  const h = 80;
  const max = Math.max(...points.map((p) => p.score), 1);
  const x = (i: number) => (points.length === 1 ? w / 2 : 10 + (i * (w - 20)) / (points.length - 1));
  const y = (s: number) => h - 10 - (s / max) * (h - 20);
  const description = points.map((p) => `${p.label}: ${p.score}`).join("; ");
  return (
    <svg viewBox={`0 0 ${w} ${h}`} className="h-20 w-60" role="img" aria-label={`Scores over time: ${description}`}>
      <line x1="10" y1={h - 10} x2={w - 10} y2={h - 10} stroke="#64748b" strokeWidth="1" />
      <polyline
        fill="none"
        stroke="#1d4ed8"
        strokeWidth="2"
        points={points.map((p, i) => `${x(i)},${y(p.score)}`).join(" ")}
      />
      {points.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.score)} r="3.5" fill="#1d4ed8">
          <title>{`${p.label}: ${p.score}`}</title>
        </circle>
      ))}
    </svg>
  );
}
