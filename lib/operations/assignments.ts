import { PageQuery, PathId, pageOf } from "@/lib/schemas/common";
import {
  AssignmentFeedbackRequest,
  AssignmentState,
  AutosaveRequest,
  FeedbackDueItem,
  SubmitRequest,
} from "@/lib/schemas/homework";
import { OwnAssignmentDetail, OwnAssignmentQuery } from "@/lib/schemas/own-assignment";
import { AssignmentTiming } from "@/lib/schemas/scheduling";
import { Assignment, Feedback } from "@/lib/schemas/session";
import { defineOperation } from "./define";
import { EX, assignmentExample, pageExample } from "./examples";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

const STATE_CONFLICT = {
  conflict: "The assignment was already submitted, or its session is closed",
} as const;

export const autosaveAssignment = defineOperation({
  operationId: "autosaveAssignment",
  method: "PUT",
  path: "/gateway/profile/client/assignment/{id}/autosave",
  tag: "Homework",
  summary: "Save answers in progress",
  description:
    "PENDING → IN_PROGRESS. Any subset of the module's questions, each value fitting its question (400 naming `answers.<i>.questionKey` or `answers.<i>.value` otherwise; nothing is saved). Refused (409) once submitted or when the session is closed.",
  roles: ["CLIENT"],
  headers: ["offset"],
  params: PathId,
  body: {
    schema: AutosaveRequest,
    example: { answers: [{ questionKey: "bedtime", value: "23:30" }], draft: true },
  },
  ok: {
    status: 200,
    description: "The assignment's state",
    schema: AssignmentState,
    example: {
      id: EX.assignmentId,
      status: "IN_PROGRESS",
      feedbackStatus: "NONE",
      submitDate: null,
      feedbackSubmitDate: null,
      score: null,
    },
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict"],
  errorNotes: STATE_CONFLICT,
});

export const submitAssignment = defineOperation({
  operationId: "submitAssignment",
  method: "POST",
  path: "/gateway/profile/client/assignment/{id}/submit",
  tag: "Homework",
  summary: "Submit an assignment",
  description:
    "→ COMPLETE with submitDate; feedback WAITING. Every required question answered once, each value fitting its question (400 otherwise, naming `answers.<i>.questionKey`, `answers.<i>.value`, or `answers` for a required question left unanswered; nothing is written). A test is scored by the server from the answers (score, band, subscales, alerts); a `score` in the body is refused (400). An `offset` header is kept with the submit as the client's own: a sleep diary that names no night is the night before the client's day of its submit (without the header, the day in the reader's `offset`).",
  roles: ["CLIENT"],
  headers: ["offset"],
  params: PathId,
  body: { schema: SubmitRequest, example: { answers: [{ questionKey: "bedtime", value: "23:30" }] } },
  ok: {
    status: 200,
    description: "The assignment's state",
    schema: AssignmentState,
    example: {
      id: EX.assignmentId,
      status: "COMPLETE",
      feedbackStatus: "WAITING",
      submitDate: EX.later,
      feedbackSubmitDate: null,
      score: null,
    },
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict"],
  errorNotes: STATE_CONFLICT,
});

export const listOwnAssignments = defineOperation({
  operationId: "listOwnAssignments",
  method: "GET",
  path: "/gateway/profile/client/assignment",
  tag: "Homework",
  summary: "The client's own assignments, by the running status of their session",
  description:
    "For the client: its own assignments whose session is RUNNING, FUTURE or COMPLETED (`time-state`, required). " +
    "Each item is exactly the assignment object of the session detail, dates in the `offset` header's zone. " +
    "Order: by the start of the session, earliest first, then by assignment id (the order they were assigned). " +
    "`status` (optional) keeps only the assignments with one of the statuses given. " +
    "Reading them is recorded in the clinic's audit log (READ_SESSION, once per session shown).",
  roles: ["CLIENT"],
  headers: ["offset"],
  query: OwnAssignmentQuery,
  ok: {
    status: 200,
    description: "A page of assignments",
    schema: pageOf(Assignment),
    example: pageExample(assignmentExample),
  },
  errors: AUTHED_ERRORS,
  errorNotes: {
    bad_request:
      "`time-state` missing or not RUNNING, FUTURE or COMPLETED; `status` not a comma-separated list of " +
      "PENDING, IN_PROGRESS and COMPLETE; a bad `page`, `size` or `offset`",
  },
});

export const listOwnFinishedWork = defineOperation({
  operationId: "listOwnFinishedWork",
  method: "GET",
  path: "/gateway/profile/client/finished-assignment",
  tag: "Homework",
  summary: "The client's own submitted assignments, newest first",
  description:
    "For the client: its own assignments with status COMPLETE, of any of its sessions (running or completed), " +
    "newest `submitDate` first, then the highest assignment id. Each item is exactly the assignment object of " +
    "the session detail, dates in the `offset` header's zone, with the care team's feedback when given. " +
    "Reading them is recorded in the clinic's audit log (READ_SESSION, once per session shown).",
  roles: ["CLIENT"],
  headers: ["offset"],
  query: PageQuery,
  ok: {
    status: 200,
    description: "A page of submitted assignments",
    schema: pageOf(Assignment),
    example: pageExample(assignmentExample),
  },
  errors: AUTHED_ERRORS,
  errorNotes: { bad_request: "A bad `page`, `size` or `offset`" },
});

export const listOwnHomeworkTiming = defineOperation({
  operationId: "listOwnHomeworkTiming",
  method: "GET",
  path: "/gateway/profile/client/assignment-timing",
  tag: "Homework",
  summary: "When the client's own assignments start, are due and are reminded",
  description:
    "For the client: beside `listOwnAssignments`, whose items keep exactly the contract's assignment object, each " +
    "of the same assignments' start, due moment (null: due when the session ends) and reminder moments, in the " +
    "`offset` header's zone. Same `time-state`, `status`, order and pages as that list, so an item is found by its " +
    "`assignmentId`.",
  roles: ["CLIENT"],
  headers: ["offset"],
  query: OwnAssignmentQuery,
  ok: {
    status: 200,
    description: "A page of assignment timings",
    schema: pageOf(AssignmentTiming),
    example: pageExample({
      assignmentId: EX.assignmentId,
      startDate: "2026/11/22 10:00",
      dueDate: "2026/11/26 18:00",
      remindDates: ["2026/11/25 09:00"],
    }),
  },
  errors: AUTHED_ERRORS,
  errorNotes: {
    bad_request:
      "`time-state` missing or not RUNNING, FUTURE or COMPLETED; `status` not a comma-separated list of " +
      "PENDING, IN_PROGRESS and COMPLETE; a bad `page`, `size` or `offset`",
  },
});

export const readOwnAssignment = defineOperation({
  operationId: "readOwnAssignment",
  method: "GET",
  path: "/gateway/profile/client/assignment/{id}",
  tag: "Homework",
  summary: "One of the client's own assignments, with what it asks and the answers saved",
  description:
    "For the client: the assignment's module as it was given (the definition of its module version, without the " +
    "scoring section), the answers autosaved so far (to resume) or, once COMPLETE, the submitted ones, whether it " +
    "can still change, and the care team's feedback on it. Dates in the `offset` header's zone. Anyone else's " +
    "assignment answers 404. Reading it is recorded in the clinic's audit log (READ_SESSION, the assignment's session).",
  roles: ["CLIENT"],
  headers: ["offset"],
  params: PathId,
  ok: {
    status: 200,
    description: "The assignment",
    schema: OwnAssignmentDetail,
    example: {
      id: EX.assignmentId,
      name: "Sleep diary",
      bookName: "Better sleep",
      sessionId: EX.sessionId,
      sessionTitle: "Week 1",
      sessionStartDate: EX.date,
      dueDate: null,
      status: "IN_PROGRESS",
      feedbackStatus: "NONE",
      submitDate: null,
      feedbackSubmitDate: null,
      canChange: true,
      definition: {
        blocks: [
          { type: "text", body: { en: "Fill this in **each morning**.", fr: "À remplir **chaque matin**." } },
          {
            type: "shortText",
            key: "bedtime",
            label: { en: "When did you go to bed?", fr: "À quelle heure vous êtes-vous couché·e ?" },
            required: true,
            maxLength: 20,
          },
        ],
      },
      answers: [{ questionKey: "bedtime", value: "23:30" }],
      feedbacks: [],
    },
  },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const giveAssignmentFeedback = defineOperation({
  operationId: "giveAssignmentFeedback",
  method: "POST",
  path: "/gateway/profile/caregiver/assignment/{id}/feedback",
  tag: "Homework",
  summary: "Give feedback on a submitted assignment",
  description: "Feedback WAITING → GIVEN with feedbackSubmitDate. For a caregiver on the client's care team.",
  roles: ["CAREGIVER"],
  headers: ["offset"],
  params: PathId,
  body: { schema: AssignmentFeedbackRequest, example: { text: "Well kept diary; try a fixed wake-up time." } },
  ok: {
    status: 201,
    description: "The feedback",
    schema: Feedback,
    example: {
      id: 7703,
      type: "ASSIGNMENT",
      sessionId: EX.sessionId,
      assignmentId: EX.assignmentId,
      caregiverId: EX.caregiverId,
      caregiverName: EX.caregiverName,
      text: "Well kept diary; try a fixed wake-up time.",
      score: null,
      createDate: EX.later,
    },
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict"],
  errorNotes: { conflict: "The assignment is not waiting for feedback, or its session is closed" },
});

export const listFeedbackDue = defineOperation({
  operationId: "listFeedbackDue",
  method: "GET",
  path: "/gateway/profile/caregiver/assignment",
  tag: "Homework",
  summary: "Assignments waiting for feedback: those with an alert first, then oldest first",
  roles: ["CAREGIVER"],
  headers: ["offset"],
  query: PageQuery,
  ok: {
    status: 200,
    description: "A page of assignments",
    schema: pageOf(FeedbackDueItem),
    example: pageExample({
      id: EX.assignmentId,
      sessionId: EX.sessionId,
      sessionTitle: "Week 1",
      clientId: EX.clientId,
      clientName: EX.clientName,
      name: "Sleep diary",
      score: null,
      band: null,
      alert: false,
      submitDate: EX.later,
    }),
  },
  errors: AUTHED_ERRORS,
});
