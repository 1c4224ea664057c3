import "server-only";
import type { z } from "zod";
import { formatDate } from "@/lib/dates";
import type { AssignmentState } from "@/lib/schemas/homework";
import { msSql } from "@/lib/sessions/session-lock";

/** Columns of the assignment aliased `a` that make its state (RETURNING or SELECT list). */
export const STATE_COLUMNS = (a: string) =>
  `${a}.id, ${a}.status, ${a}."feedbackStatus", ${msSql(`${a}."submittedAt"`)} as "submittedAt", ${msSql(`${a}."feedbackSubmitAt"`)} as "feedbackSubmitAt", ${a}.score`;

export type StateRow = {
  id: number;
  status: "PENDING" | "IN_PROGRESS" | "COMPLETE";
  feedbackStatus: "NONE" | "WAITING" | "GIVEN";
  submittedAt: number | null;
  feedbackSubmitAt: number | null;
  score: number | null;
};

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
