import { PathId } from "@/lib/schemas/common";
import {
  AddHomeworkRequest,
  ScheduleSessionsRequest,
  ScheduledSessions,
  SessionHomeworkTiming,
} from "@/lib/schemas/scheduling";
import { Assignment } from "@/lib/schemas/session";
import { z } from "zod";
import { defineOperation } from "./define";
import { EX, assignmentExample } from "./examples";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

// Continuing care after the first session: the next sessions, more homework, and when homework is
// due (decisions.md "Further operations documented by OPTT"; the rest is docs/api-decisions.md).

const CARE_TEAM_AND_STAFF = ["CAREGIVER", "CLINIC"] as const;

export const scheduleSessions = defineOperation({
  operationId: "scheduleSessions",
  method: "POST",
  path: "/gateway/profile/caregiver/session",
  tag: "Sessions",
  summary: "Schedule sessions for a client",
  description:
    "`sessionCount` consecutive 7-day sessions from `date`/`time` (read in `offset`, or by the rules of `time-zone`, where each week keeps the local hour; default now), each with one assignment per module of `bookIdList`. One transaction. Nothing already scheduled moves: a new session may not overlap an open session of the same client and caregiver (409). For a caregiver on the client's care team, or the clinic's staff.",
  roles: CARE_TEAM_AND_STAFF,
  headers: ["offset", "timeZone", "idempotencyKey"],
  body: {
    schema: ScheduleSessionsRequest,
    example: {
      clientId: EX.clientId,
      caregiverId: EX.caregiverId,
      designPlanId: 0,
      bookIdList: [EX.bookId],
      title: "Week",
      date: "2026/11/30",
      time: "09:00",
      sessionCount: 2,
      remindDays: 3,
    },
  },
  ok: {
    status: 201,
    description: "The created sessions, by start",
    schema: ScheduledSessions,
    headers: { location: "The first session, /session/<id>" },
    example: [
      { id: EX.sessionId, title: "Week 1", startDate: "2026/11/30 09:00", runningStatus: "FUTURE" },
      { id: EX.sessionId + 1, title: "Week 2", startDate: "2026/12/07 09:00", runningStatus: "FUTURE" },
    ],
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict", "unprocessable"],
  errorNotes: {
    not_found: "The client is not one of the caller's (care team or clinic), or clinicId is not the client's",
    conflict:
      "The client is INACTIVE, a new session overlaps an open session of the same client and caregiver, or an Idempotency-Key reused with another body",
    unprocessable:
      "caregiverId is not on the client's care team, or a design plan or book is not the clinic's or is archived",
  },
});

export const addHomework = defineOperation({
  operationId: "addHomework",
  method: "PUT",
  path: "/gateway/profile/caregiver/session/assignment",
  tag: "Homework",
  summary: "Add homework to an open session",
  description:
    "Every module of `bookIds` becomes an assignment (PENDING, feedback NONE) with its start, optional due moment and reminder moments, read in `offset` (or by the rules of `time-zone`). Reminders are stored now and sent by the notifications. The due moment and reminders are read back with `readHomeworkTiming`.",
  roles: CARE_TEAM_AND_STAFF,
  headers: ["offset", "timeZone", "idempotencyKey"],
  body: {
    schema: AddHomeworkRequest,
    example: {
      sessionId: EX.sessionId,
      bookIds: [EX.bookId],
      startDate: "2026/11/22",
      startTime: "10:00",
      endDate: "2026/11/26",
      endTime: "18:00",
      remindDates: [{ date: "2026/11/25", time: "09:00" }],
    },
  },
  ok: {
    status: 200,
    description: "The new assignments, each the assignment object of the session detail",
    schema: z.array(Assignment),
    example: [
      {
        ...assignmentExample,
        submitDate: null,
        feedbackStatus: "NONE",
        startDate: "2026/11/22 10:00",
        status: "PENDING",
        answers: [],
        autoSaveAnswers: [],
      },
    ],
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict", "unprocessable"],
  errorNotes: {
    bad_request: "Also: a due moment not after the start, or a reminder outside start..due",
    not_found: "The session is not one the caller may act on",
    conflict: "The session is closed, its client is INACTIVE, or an Idempotency-Key reused with another body",
    unprocessable: "A book is not the clinic's, or is archived",
  },
});

export const readHomeworkTiming = defineOperation({
  operationId: "readHomeworkTiming",
  method: "GET",
  path: "/gateway/profile/caregiver/session/{id}/assignment-timing",
  tag: "Homework",
  summary: "When a session's homework starts, is due and is reminded",
  description:
    "Beside the session detail, whose assignment object keeps exactly the contract's fields: each assignment's start, due moment (null: due when the session ends) and reminder moments, in `offset`; and the language the client reads their homework in, for the homework still to be added.",
  roles: CARE_TEAM_AND_STAFF,
  headers: ["offset"],
  params: PathId,
  ok: {
    status: 200,
    description: "Each assignment's timing, by id",
    schema: SessionHomeworkTiming,
    example: {
      sessionId: EX.sessionId,
      clientLanguage: "EN",
      assignments: [
        {
          assignmentId: EX.assignmentId,
          startDate: "2026/11/22 10:00",
          dueDate: "2026/11/26 18:00",
          remindDates: ["2026/11/25 09:00"],
        },
      ],
    },
  },
  errors: [...AUTHED_ERRORS, "not_found"],
});
