import { saysValue } from "@/lib/results/says-value";
import { inEnglish } from "@/lib/schemas/in-language";
import type { AssignmentResultBody } from "@/lib/schemas/results";

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
            <span className="font-medium">{inEnglish(x.message)}</span>{" "}
            <span className="text-muted-foreground">
              ({inEnglish(x.questionLabel)}: {x.answer ? answerText(inEnglish(x.answer), x.value) : value})
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const answerText = (label: string, value: number) => (saysValue(label, value) ? label : `${label} (${String(value)})`);
