import { z } from "zod";
import { LocalText } from "@/lib/schemas/module-definition";

// The shapes the server writes at submit (Assignment.alerts and Assignment.subscales, as
// scoreAnswers returns them), read back. A row that does not match reads as none rather than
// failing the care team's read.

// Alerts stored before alerts had `urgent` were all urgent (item 9 was the only rule); an alert on
// the total score is stored with `question` null.
const StoredAlerts = z.array(
  z.object({
    question: z.string().nullable(),
    value: z.number(),
    /** A change's previous and first scores of the client on the module. */
    previous: z.number().nullable().default(null),
    first: z.number().nullable().default(null),
    /** Answers saved but not submitted: the answer that raised it, as saved then. */
    answer: z.unknown().optional(),
    urgent: z.boolean().default(true),
    message: LocalText,
  }),
);
const StoredSubscales = z.record(z.string(), z.number());

export const storedAlerts = (json: unknown) => StoredAlerts.catch([]).parse(json);
export type StoredAlert = z.infer<typeof StoredAlerts>[number];

/** SQL: the stored alerts of assignment `a` hold an urgent one (one stored without `urgent` is). */
export const hasUrgentAlertSql = (a: string) =>
  `exists (select from jsonb_array_elements(${a}.alerts) e where coalesce((e->>'urgent')::boolean, true))`;

/**
 * SQL: assignment `a` holds an urgent alert nobody has marked reviewed, in the terms of the partial
 * index of unreviewed alerts (`Assignment_unreviewed_alert_idx`), so a query by it can use it.
 */
export const unreviewedUrgentAlertSql = (a: string) => unreviewedUrgentSql(a, "alertReviewedAt");
/**
 * SQL: earlier alerts `e` (an EarlierAlertReview: alerts the care team was told of that answers
 * stored since cleared, such as a worrying answer saved and then submitted without it) hold an
 * urgent one nobody has marked reviewed, in the terms of its partial index
 * (`EarlierAlertReview_unreviewed_idx`).
 */
export const unreviewedUrgentEarlierSql = (e: string) => unreviewedUrgentSql(e, "reviewedAt");
const unreviewedUrgentSql = (row: string, reviewedAt: string) =>
  `(${row}."${reviewedAt}" is null and ${row}.alerts <> '[]'::jsonb and ${hasUrgentAlertSql(row)})`;
export const storedSubscales = (json: unknown) => StoredSubscales.catch({}).parse(json ?? {});
