import { formatDate } from "@/lib/dates";
import { msSql } from "@/lib/sessions/session-lock";

/** Select list of a feedback row `f` joined with its caregiver `c`, in the shape mapFeedback takes. */
export const FEEDBACK_COLUMNS = `f.id, f.kind, f."sessionId", f."assignmentId", f."caregiverId", c.name as "caregiverName", f.text, f.score, ${msSql('f."createdAt"')} as "createdAt"`;

export type FeedbackRow = {
  id: number;
  kind: "SESSION" | "ASSIGNMENT";
  sessionId: number;
  assignmentId: number | null;
  caregiverId: number;
  caregiverName: string;
  text: string;
  score: number | null;
  createdAt: number;
};

/** A feedback row as the contract's feedback object. */
export const mapFeedback = (f: FeedbackRow, offset: number) => ({
  id: f.id,
  type: f.kind,
  sessionId: f.sessionId,
  assignmentId: f.assignmentId,
  caregiverId: f.caregiverId,
  caregiverName: f.caregiverName,
  text: f.text,
  score: f.score,
  createDate: formatDate(f.createdAt, offset)!,
});
