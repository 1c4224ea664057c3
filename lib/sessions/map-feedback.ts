import { formatDate } from "@/lib/dates";

export const FEEDBACK_SELECT = {
  id: true, kind: true, sessionId: true, assignmentId: true, caregiverId: true, text: true, score: true, createdAt: true, caregiver: { select: { name: true } },
} as const;

type FeedbackRow = {
  id: number; kind: "SESSION" | "ASSIGNMENT"; sessionId: number; assignmentId: number | null; caregiverId: number;
  text: string; score: number | null; createdAt: Date; caregiver: { name: string };
};

/** A feedback row as the contract's feedback object. */
export const mapFeedback = (f: FeedbackRow, offset: number) => ({
  id: f.id, type: f.kind, sessionId: f.sessionId, assignmentId: f.assignmentId, caregiverId: f.caregiverId,
  caregiverName: f.caregiver.name, text: f.text, score: f.score, createDate: formatDate(f.createdAt, offset)!,
});
