import { z } from "zod";
import { DateTimeString, JsonValue, text } from "./common";
import { AssignmentStatus, FeedbackStatus, RunningStatus } from "./session";

const AnswerInput = z.object({
  questionKey: text(100),
  value: JsonValue.describe("Any JSON value: the answer as the module defines it."),
});

export const AutosaveRequest = z
  .object({
    answers: z.array(AnswerInput).min(1, "at least one answer").max(200),
    draft: z.boolean().optional().describe("Also keep this state as a draft (a snapshot the client can go back to)."),
  })
  .meta({ id: "AutosaveRequest" });

export const SubmitRequest = z
  .object({
    answers: z.array(AnswerInput).max(200),
    // Kept in the schema so that a client still sending one learns why it is refused.
    score: z
      .unknown()
      .refine((v) => v === undefined, "is computed by the server from the answers; do not send it")
      .optional()
      .describe("Refused (400) when present: the server scores a test from its answers at submit."),
  })
  .meta({ id: "SubmitRequest" });

export const AssignmentFeedbackRequest = z
  .object({ text: text(5000), score: z.number().min(0).max(100_000).optional() })
  .meta({ id: "AssignmentFeedbackRequest" });

export const SessionFeedbackRequest = z.object({ text: text(5000) }).meta({ id: "SessionFeedbackRequest" });

export const AssignmentState = z
  .object({
    id: z.number().int(),
    status: AssignmentStatus,
    feedbackStatus: FeedbackStatus,
    submitDate: DateTimeString.nullable(),
    feedbackSubmitDate: DateTimeString.nullable(),
    score: z.number().nullable(),
  })
  .meta({ id: "AssignmentState" });

export const SessionState = z
  .object({ id: z.number().int(), isClosed: z.boolean(), runningStatus: RunningStatus })
  .meta({ id: "SessionState" });

export type AutosaveInput = z.infer<typeof AutosaveRequest>;
export type SubmitInput = z.infer<typeof SubmitRequest>;

export const FeedbackDueItem = z
  .object({
    id: z.number().int(),
    sessionId: z.number().int(),
    sessionTitle: z.string(),
    clientId: z.number().int(),
    clientName: z.string(),
    name: z.string(),
    score: z.number().nullable(),
    band: z.string().nullable().describe("The band of a test's score (its English label), computed at submit."),
    alert: z.boolean().describe("The answers raised an alert (e.g. PHQ-9 item 9 above 0): listed first."),
    submitDate: DateTimeString.nullable(),
  })
  .meta({ id: "FeedbackDueItem" });
