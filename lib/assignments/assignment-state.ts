import "server-only";
import { z } from "zod";
import { formatDate } from "@/lib/dates";
import type { AssignmentState } from "@/lib/schemas/homework";
import { AssignmentStatus, FeedbackStatus } from "@/lib/schemas/session";
import { msSql } from "@/lib/db/database-clock";

/** Columns of the assignment aliased `a` that make its state (RETURNING or SELECT list). */
export const STATE_COLUMNS = (a: string) =>
  `${a}.id, ${a}.status, ${a}."feedbackStatus", ${msSql(`${a}."submittedAt"`)} as "submittedAt", ${msSql(`${a}."feedbackSubmitAt"`)} as "feedbackSubmitAt", ${a}.score`;

export const StateRow = z.object({
  id: z.number(),
  status: AssignmentStatus,
  feedbackStatus: FeedbackStatus,
  submittedAt: z.number().nullable(),
  feedbackSubmitAt: z.number().nullable(),
  score: z.number().nullable(),
});
export type StateRow = z.infer<typeof StateRow>;

export type AssignmentStateBody = z.infer<typeof AssignmentState>;

/** The assignment's state after a transition, in the contract's date format. */
export const assignmentState = (a: StateRow, offset: number): AssignmentStateBody => ({
  id: a.id,
  status: a.status,
  feedbackStatus: a.feedbackStatus,
  submitDate: formatDate(a.submittedAt, offset),
  feedbackSubmitDate: formatDate(a.feedbackSubmitAt, offset),
  score: a.score,
});
