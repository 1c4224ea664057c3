import { Badge } from "@/components/ui/badge";

/** A test's score with its band's words, and a marked alert: how the care team reads a result at a glance. */
export function ScoreWithBand({ score, band, alert }: { score: number | null; band: string | null; alert: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {score === null ? "—" : <span className="font-semibold tabular-nums">{score}</span>}
      {band && <span className="text-muted-foreground">· {band}</span>}
      {alert && <AlertBadge />}
    </span>
  );
}

/** The mark of an answer that raised an alert (e.g. PHQ-9 item 9 above 0). */
export function AlertBadge() {
  return <Badge variant="destructive">Alert</Badge>;
}
