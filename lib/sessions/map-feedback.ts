import { z } from "zod";
import { formatDate } from "@/lib/dates";
import { FeedbackKind, type Feedback } from "@/lib/schemas/session";
import { msSql } from "@/lib/db/database-clock";

// The one feedback shape. Its SQL fields are listed once: as a select list where a statement
// returns feedback rows, and as a JSON object where the session detail aggregates them; both give
// a FeedbackRow, which mapFeedback turns into the contract's Feedback object (lib/schemas/session.ts).

export type FeedbackBody = z.infer<typeof Feedback>;

export const FeedbackRow = z.object({
  id: z.number(),
  kind: FeedbackKind,
  sessionId: z.number(),
  assignmentId: z.number().nullable(),
  caregiverId: z.number(),
  caregiverName: z.string(),
  text: z.string(),
  score: z.number().nullable(),
  createdAt: z.number(),
});
export type FeedbackRow = z.infer<typeof FeedbackRow>;

/** The SQL of each FeedbackRow field, for a feedback row `f` joined with its caregiver `c`. */
const fields = (f: string, c: string): Record<keyof FeedbackRow, string> => ({
  id: `${f}.id`,
  kind: `${f}.kind`,
  sessionId: `${f}."sessionId"`,
  assignmentId: `${f}."assignmentId"`,
  caregiverId: `${f}."caregiverId"`,
  caregiverName: `${c}.name`,
  text: `${f}.text`,
  score: `${f}.score`,
  createdAt: msSql(`${f}."createdAt"`),
});

/** Reads the feedback rows of the CTE `f` (an insert's `returning *`) as FeedbackRows, with their caregiver's name. */
export const SELECT_FEEDBACK_OF_F = `select ${Object.entries(fields("f", "c"))
  .map(([key, expr]) => `${expr} as "${key}"`)
  .join(", ")} from f join "Caregiver" c on c.id = f."caregiverId"`;

/** The same fields as one JSON object, for json_agg. */
export const feedbackJson = (f: string, c: string) =>
  `json_build_object(${Object.entries(fields(f, c))
    .map(([key, expr]) => `'${key}', ${expr}`)
    .join(", ")})`;

/** A feedback row as the contract's feedback object. */
export const mapFeedback = (f: FeedbackRow, offset: number): FeedbackBody => ({
  id: f.id,
  type: f.kind,
  sessionId: f.sessionId,
  assignmentId: f.assignmentId,
  caregiverId: f.caregiverId,
  caregiverName: f.caregiverName,
  text: f.text,
  score: f.score,
  createDate: formatDate(f.createdAt, offset),
});
