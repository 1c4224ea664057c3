import type { z } from "zod";
import { LocalDate } from "@/components/local-date";
import type { Assignment } from "@/lib/schemas/session";

/** The feedback given on an assignment or a session, oldest first, with who wrote it and when. */
export function FeedbackList({
  feedbacks,
  empty,
  withScore = false,
}: {
  feedbacks: z.infer<typeof Assignment>["feedbacks"];
  empty: string;
  withScore?: boolean;
}) {
  if (feedbacks.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {feedbacks.map((f) => (
        <li key={f.id} className="rounded-md bg-muted p-2">
          <p className="whitespace-pre-wrap">{f.text}</p>
          <p className="text-sm text-muted-foreground">
            {f.caregiverName}, <LocalDate value={f.createDate} />
            {withScore && f.score !== null && ` · score ${String(f.score)}`}
          </p>
        </li>
      ))}
    </ul>
  );
}
