import { formatDate } from "@/lib/dates";
import { mapDocument, type DocumentRow } from "@/lib/documents/document-json";
import type { AssignmentBody, SessionDetailBody } from "@/lib/schemas/session";
import { mapFeedback, type FeedbackRow } from "@/lib/sessions/map-feedback";
import type { RunningStatus } from "@/lib/sessions/running-status";

/** One assignment as `assignmentJsonSql` (assignment-json.ts) builds it. */
export type AssignmentRow = {
  id: number;
  bookId: number;
  moduleId: number;
  moduleName: string;
  isTest: boolean;
  status: AssignmentBody["status"];
  feedbackStatus: AssignmentBody["feedbackStatus"];
  score: number | null;
  assignedAt: number;
  startAt: number;
  submittedAt: number | null;
  feedbackSubmitAt: number | null;
  drafts: { id: number; content: unknown; createdAt: number }[];
  answers: { id: number; questionKey: string; value: unknown; createdAt: number }[];
  autoSaveAnswers: { id: number; questionKey: string; value: unknown; updatedAt: number }[];
  feedbacks: FeedbackRow[];
};
export type SessionDetailRow = {
  id: number;
  title: string;
  description: string;
  caregiverId: number;
  caregiverName: string;
  caregiverPosition: string;
  clientId: number;
  clientOpptId: string;
  clientName: string;
  chatId: string;
  createdAt: number;
  startAt: number;
  isClosed: boolean;
  runningStatus: RunningStatus;
  assignments: AssignmentRow[];
  documents: DocumentRow[];
  feedbacks: FeedbackRow[];
};

/** Shapes the database row into the contract's session detail, dates in the caller's offset. */
export function mapSessionDetail(row: SessionDetailRow, offset: number): SessionDetailBody {
  const date = (ms: number) => formatDate(ms, offset);
  const feedback = (f: FeedbackRow) => mapFeedback(f, offset);
  const assignments = row.assignments.map((a) => mapAssignment(a, row, offset));
  const completed = row.assignments.filter((a) => a.status === "COMPLETE").length;
  const latest = latestBy(row.assignments, (a) => a.assignedAt);
  const lastScored = latestBy(
    row.assignments.flatMap((a) =>
      a.submittedAt !== null && a.score !== null ? [{ ...a, submittedAt: a.submittedAt }] : [],
    ),
    (a) => a.submittedAt,
  );
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    caregiverId: row.caregiverId,
    caregiverName: row.caregiverName,
    caregiverPosition: row.caregiverPosition,
    clientId: row.clientId,
    clientOpptId: row.clientOpptId,
    clientName: row.clientName,
    createDate: date(row.createdAt),
    startDate: date(row.startAt),
    chatId: row.chatId,
    assignmentId: latest?.id ?? null,
    assignmentName: latest?.moduleName ?? null,
    bookId: latest?.bookId ?? null,
    assignmentCount: row.assignments.length,
    completedAssignmentCount: completed,
    pendingAssignmentCount: row.assignments.length - completed,
    lastAssignmentScore: lastScored?.score ?? null,
    isClosed: row.isClosed,
    runningStatus: row.runningStatus,
    documents: row.documents.map((d) => mapDocument(d, offset)),
    assignments,
    feedbacks: row.feedbacks.map(feedback),
  };
}

/** The session an assignment is in, as its assignment object names it. */
export type AssignmentSession = Pick<
  SessionDetailRow,
  "id" | "title" | "caregiverId" | "caregiverName" | "clientId" | "clientName"
>;

/**
 * The contract's assignment object (the session detail's, and every other answer that shows one),
 * dates in the caller's offset.
 */
export function mapAssignment(a: AssignmentRow, session: AssignmentSession, offset: number): AssignmentBody {
  const date = (ms: number) => formatDate(ms, offset);
  return {
    id: a.id,
    bookId: a.bookId,
    name: a.moduleName,
    sessionTitle: session.title,
    sessionId: session.id,
    moduleId: a.moduleId,
    moduleName: a.moduleName,
    caregiverId: session.caregiverId,
    caregiverName: session.caregiverName,
    clientId: session.clientId,
    clientName: session.clientName,
    assignDate: date(a.assignedAt),
    submitDate: formatDate(a.submittedAt, offset),
    feedbackStatus: a.feedbackStatus,
    feedbackSubmitDate: formatDate(a.feedbackSubmitAt, offset),
    startDate: date(a.startAt),
    status: a.status,
    isTest: a.isTest,
    score: a.score ?? 0,
    drafts: a.drafts.map((d) => ({ id: d.id, content: d.content, createDate: date(d.createdAt) })),
    answers: a.answers.map((x) => ({
      id: x.id,
      questionKey: x.questionKey,
      value: x.value,
      createDate: date(x.createdAt),
    })),
    autoSaveAnswers: a.autoSaveAnswers.map((x) => ({
      id: x.id,
      questionKey: x.questionKey,
      value: x.value,
      updateDate: date(x.updatedAt),
    })),
    feedbacks: a.feedbacks.map((f) => mapFeedback(f, offset)),
  };
}

/** The item with the greatest key; ties go to the greater id (the later one). */
function latestBy<T extends { id: number }>(items: T[], key: (t: T) => number): T | undefined {
  let best: T | undefined;
  for (const it of items) {
    if (!best || key(it) > key(best) || (key(it) === key(best) && it.id > best.id)) best = it;
  }
  return best;
}
