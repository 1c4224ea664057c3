import { inLanguage } from "@/lib/schemas/in-language";
import type { AssignmentResultBody } from "@/lib/schemas/results";

// Care-team pages are in English; the API gives every text in both languages.
const en = (t: { en: string; fr?: string }) => inLanguage(t, "en");

/**
 * Alerts as the care team reads them: each one's message, then the answer as the client chose it
 * ("Several days") with its value beside it; for the total, the score, and for a change the scores
 * it is measured from.
 */
export function AlertLines({ alerts, className }: { alerts: AssignmentResultBody["alerts"]; className?: string }) {
  return (
    <ul className={className}>
      {alerts.map((x, i) => {
        const value = [
          String(x.value),
          ...(x.previous === null ? [] : [`previously ${String(x.previous)}`]),
          ...(x.first === null || x.first === x.previous ? [] : [`first ${String(x.first)}`]),
        ].join(", ");
        return (
          <li key={i}>
            <span className="font-medium">{en(x.message)}</span>{" "}
            <span className="text-muted-foreground">
              ({en(x.questionLabel)}: {x.answer ? `${en(x.answer)} (${String(x.value)})` : value})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
