import { PageQuery, PathId, pageOf } from "@/lib/schemas/common";
import { SessionFeedbackRequest, SessionState } from "@/lib/schemas/homework";
import { Feedback, SessionDetail, SessionListQuery, SessionSummary } from "@/lib/schemas/session";
import { defineOperation } from "./define";
import { EX, assignmentExample, pageExample } from "./examples";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

const sessionFeedback = {
  id: 7702,
  type: "SESSION",
  sessionId: EX.sessionId,
  assignmentId: null,
  caregiverId: EX.caregiverId,
  caregiverName: EX.caregiverName,
  text: "A good first week.",
  score: null,
  createDate: EX.later,
};

export const listSessions = defineOperation({
  operationId: "listSessions",
  method: "GET",
  path: "/gateway/profile/caregiver/session",
  tag: "Sessions",
  summary: "List sessions",
  description: "A caregiver's sessions, or the clinic's for its staff; filter by `runningStatus` and `clientId`.",
  roles: ["CAREGIVER", "CLINIC"],
  headers: ["offset"],
  query: PageQuery.extend(SessionListQuery.shape),
  ok: {
    status: 200,
    description: "A page of session summaries",
    schema: pageOf(SessionSummary),
    example: pageExample({
      id: EX.sessionId,
      title: "Week 1",
      clientId: EX.clientId,
      clientName: EX.clientName,
      caregiverId: EX.caregiverId,
      caregiverName: EX.caregiverName,
      startDate: EX.date,
      runningStatus: "RUNNING",
      isClosed: false,
      assignmentCount: 2,
      completedAssignmentCount: 1,
      waitingFeedbackCount: 1,
    }),
  },
  errors: AUTHED_ERRORS,
});

export const readSession = defineOperation({
  operationId: "readSession",
  method: "GET",
  path: "/gateway/profile/caregiver/session/{id}",
  tag: "Sessions",
  summary: "Read a session",
  description: "For a caregiver on the client's care team, or the staff of the session's clinic.",
  roles: ["CAREGIVER", "CLINIC"],
  headers: ["offset"],
  params: PathId,
  ok: {
    status: 200,
    description: "The session detail",
    schema: SessionDetail,
    contentType: "application/json;charset=UTF-8",
    example: {
      id: EX.sessionId,
      title: "Week 1",
      description: "Sleep hygiene and a diary",
      caregiverId: EX.caregiverId,
      caregiverName: EX.caregiverName,
      caregiverPosition: "Psychologist",
      clientId: EX.clientId,
      clientOpptId: "c_8ZqK2mWx4Tn7",
      clientName: EX.clientName,
      createDate: EX.date,
      startDate: EX.date,
      chatId: "s_9051",
      assignmentId: EX.assignmentId,
      assignmentName: "Sleep diary",
      bookId: EX.bookId,
      assignmentCount: 1,
      completedAssignmentCount: 1,
      pendingAssignmentCount: 0,
      lastAssignmentScore: null,
      isClosed: false,
      runningStatus: "RUNNING",
      documents: [],
      assignments: [assignmentExample],
      feedbacks: [],
    },
  },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const giveSessionFeedback = defineOperation({
  operationId: "giveSessionFeedback",
  method: "POST",
  path: "/gateway/profile/caregiver/session/{id}/feedback",
  tag: "Sessions",
  summary: "Give feedback on a session",
  description:
    "For a caregiver on the client's care team, while the session is open. Each request adds one; under an `Idempotency-Key`, a retry with the same key and text adds none and is answered with the first feedback (the same key with another text: 409).",
  roles: ["CAREGIVER"],
  headers: ["offset", "idempotencyKey"],
  params: PathId,
  body: { schema: SessionFeedbackRequest, example: { text: "A good first week." } },
  ok: { status: 201, description: "The feedback", schema: Feedback, example: sessionFeedback },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict"],
  errorNotes: { conflict: "The session is closed, or the Idempotency-Key was used with another text" },
});

export const closeSession = defineOperation({
  operationId: "closeSession",
  method: "POST",
  path: "/gateway/profile/caregiver/session/{id}/close",
  tag: "Sessions",
  summary: "Close a session",
  description: "→ COMPLETED. Refused (409) while an assignment's feedback is WAITING.",
  roles: ["CAREGIVER"],
  params: PathId,
  ok: {
    status: 200,
    description: "The session's state",
    schema: SessionState,
    example: { id: EX.sessionId, isClosed: true, runningStatus: "COMPLETED" },
  },
  errors: [...AUTHED_ERRORS, "not_found", "conflict"],
  errorNotes: { conflict: "An assignment's feedback is still WAITING, or the session is already closed" },
});
