import { z } from "zod";
import {
  AssignmentStatus as AssignmentStatusEnum,
  FeedbackKind as FeedbackKindEnum,
  FeedbackStatus as FeedbackStatusEnum,
  Role as RoleEnum,
} from "@/lib/generated/prisma/enums";
import { DateTimeString, IdQuery } from "./common";

export const RunningStatus = z.enum(["FUTURE", "RUNNING", "COMPLETED"]);
// Stored statuses are Prisma's enums (schema.prisma), so the database and the contract say the same.
export const AssignmentStatus = z.enum(AssignmentStatusEnum);
export const FeedbackStatus = z.enum(FeedbackStatusEnum);
export const FeedbackKind = z.enum(FeedbackKindEnum);

export const Feedback = z
  .object({
    id: z.number().int(),
    type: FeedbackKind,
    sessionId: z.number().int(),
    assignmentId: z.number().int().nullable(),
    caregiverId: z.number().int(),
    caregiverName: z.string(),
    text: z.string(),
    score: z.number().nullable(),
    createDate: DateTimeString,
  })
  .meta({ id: "Feedback" });

export const Draft = z
  .object({ id: z.number().int(), content: z.unknown(), createDate: DateTimeString })
  .meta({ id: "Draft" });

export const Answer = z
  .object({ id: z.number().int(), questionKey: z.string(), value: z.unknown(), createDate: DateTimeString })
  .meta({ id: "Answer" });

export const AutoSaveAnswer = z
  .object({ id: z.number().int(), questionKey: z.string(), value: z.unknown(), updateDate: DateTimeString })
  .meta({ id: "AutoSaveAnswer" });

export const SessionDocument = z
  .object({
    id: z.number().int(),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int().describe("Bytes"),
    createDate: DateTimeString,
    uploadedByRole: z.enum(RoleEnum).describe("The role of whoever attached it"),
    uploadedByName: z.string().describe("The client's, caregiver's or staff member's name, or the institute's"),
  })
  .meta({ id: "SessionDocument" });

export type SessionDocumentBody = z.infer<typeof SessionDocument>;

/** The assignment object of the contract: exactly these fields. */
export const Assignment = z
  .strictObject({
    id: z.number().int(),
    bookId: z.number().int(),
    name: z.string(),
    sessionTitle: z.string(),
    sessionId: z.number().int(),
    moduleId: z.number().int(),
    moduleName: z
      .string()
      .describe(
        "The module's name. In the client's own lists, in the client's language: its French name where the clinic wrote one.",
      ),
    caregiverId: z.number().int(),
    caregiverName: z.string(),
    clientId: z.number().int(),
    clientName: z.string(),
    assignDate: DateTimeString,
    submitDate: DateTimeString.nullable().describe("null until the client submits"),
    feedbackStatus: FeedbackStatus,
    feedbackSubmitDate: DateTimeString.nullable(),
    startDate: DateTimeString,
    status: AssignmentStatus,
    isTest: z.boolean(),
    score: z.number().describe("0 until a scored assignment is submitted"),
    drafts: z.array(Draft),
    answers: z.array(Answer),
    autoSaveAnswers: z.array(AutoSaveAnswer),
    feedbacks: z.array(Feedback),
  })
  .meta({ id: "Assignment" });

/** The session detail of the contract: exactly these fields. */
export const SessionDetail = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    caregiverId: z.number().int(),
    caregiverName: z.string(),
    caregiverPosition: z.string(),
    clientId: z.number().int(),
    clientOpptId: z.string(),
    clientName: z.string(),
    createDate: DateTimeString,
    startDate: DateTimeString,
    chatId: z.string(),
    assignmentId: z.number().int().nullable().describe("The most recently assigned assignment"),
    assignmentName: z.string().nullable(),
    bookId: z.number().int().nullable(),
    assignmentCount: z.number().int(),
    completedAssignmentCount: z.number().int(),
    pendingAssignmentCount: z.number().int(),
    lastAssignmentScore: z.number().nullable(),
    isClosed: z.boolean(),
    runningStatus: RunningStatus,
    documents: z.array(SessionDocument),
    assignments: z.array(Assignment),
    feedbacks: z.array(Feedback),
  })
  .meta({ id: "SessionDetail" });

export type SessionDetailBody = z.infer<typeof SessionDetail>;
export type AssignmentBody = z.infer<typeof Assignment>;

export const SessionSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    clientId: z.number().int(),
    clientName: z.string(),
    caregiverId: z.number().int(),
    caregiverName: z.string(),
    startDate: DateTimeString,
    runningStatus: RunningStatus,
    isClosed: z.boolean(),
    assignmentCount: z.number().int(),
    completedAssignmentCount: z.number().int(),
    waitingFeedbackCount: z.number().int(),
  })
  .meta({ id: "SessionSummary" });

export const SessionListQuery = z.object({
  runningStatus: RunningStatus.optional().meta({ param: { example: "RUNNING" } }),
  clientId: IdQuery,
});
