import { formatNumber, type T, type Words } from "@/components/modules/module-words";
import { formatCalendarDayIn } from "@/lib/api-client/format-date";
import { isAnswered } from "@/lib/modules/unanswered";
import type { Lang, LocalTextT, QuestionT } from "@/lib/schemas/module-definition";
import { cn } from "@/lib/utils";

/** An answer as its reader writes it: a choice's label, a date and a decimal in the module's language. */
function answerText(q: QuestionT, value: unknown, t: T, lang: Lang): string {
  const label = (options: { value: string; label: LocalTextT }[], v: unknown) => {
    const o = options.find((x) => x.value === v);
    return o ? t(o.label) : String(v);
  };
  switch (q.type) {
    case "single":
      return label(q.options, value);
    case "multiple":
      return (Array.isArray(value) ? value : [value]).map((v) => label(q.options, v)).join(", ");
    case "scale": {
      const point = q.points.find((p) => p.value === value);
      return point ? t(point.label) : String(value);
    }
    case "number": {
      const n = typeof value === "number" ? formatNumber(value, lang) : String(value);
      return q.unit ? `${n} ${t(q.unit)}` : n;
    }
    case "date":
      return typeof value === "string" ? formatCalendarDayIn(value, lang) : String(value);
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}

/** A finished question: its label and the answer given. */
export function AnswerView({
  question: q,
  value,
  t,
  words,
  lang,
}: {
  question: QuestionT;
  value: unknown;
  t: T;
  words: Words;
  lang: Lang;
}) {
  return (
    <div data-slot="answer" className="flex min-w-0 flex-col gap-1">
      <dt className="font-medium">{t(q.label)}</dt>
      {isAnswered(value) ? (
        <dd className={cn("whitespace-pre-wrap", q.type === "longText" && "rounded-md bg-muted p-3")}>
          {answerText(q, value, t, lang)}
        </dd>
      ) : (
        <dd className="text-muted-foreground italic">{words.notAnswered}</dd>
      )}
    </div>
  );
}
