import { z } from "zod";
import { Language, SessionRequest } from "./client";
import { DateTimeString, Id, IdOrZero, LocalDate, LocalTime } from "./common";
import { RunningStatus } from "./session";

// Scheduling the next sessions and adding homework to an open one (decisions.md "Further
// operations documented by OPTT"). Dates and times are read in the `offset` header's offset, or by
// the rules of the `time-zone` header when given (lib/local-clock.ts).

/**
 * The body of scheduling: the session request object of a client creation (one definition, reused)
 * plus the client, who must already exist.
 */
export const ScheduleSessionsRequest = SessionRequest.extend({
  clientId: Id.describe("A client of the clinic on whose care team the caller is (else 404)."),
  caregiverId: Id.nullish().describe(
    "Care provider who owns the sessions; must be on the client's care team (else 422). Default: the caller (CAREGIVER); required for CLINIC.",
  ),
  clinicId: IdOrZero.nullish().describe("The client's clinic: 0 or absent is read so; any other clinic answers 404."),
}).meta({ id: "ScheduleSessionsRequest" });

export type ScheduleSessionsInput = z.infer<typeof ScheduleSessionsRequest>;

/** One created session, as the answer of scheduling lists it. */
export const ScheduledSession = z
  .object({ id: z.number().int(), title: z.string(), startDate: DateTimeString, runningStatus: RunningStatus })
  .meta({ id: "ScheduledSession" });

export const ScheduledSessions = z.array(ScheduledSession).meta({ id: "ScheduledSessions" });

const Reminder = z.object({
  date: LocalDate.describe("YYYY/MM/DD in the offset header's offset (or the time-zone header's rules)."),
  time: LocalTime.describe("HH:mm in the offset header's offset (or the time-zone header's rules)."),
});

export const AddHomeworkRequest = z
  .object({
    sessionId: Id.describe("An open session the caller may act on."),
    bookIds: z
      .array(Id)
      .min(1, "must name at least one book")
      .max(50, "at most 50 books")
      .refine((ids) => new Set(ids).size === ids.length, "must not repeat a book")
      .describe("Books of the clinic: each of their modules becomes an assignment."),
    startDate: LocalDate.nullish().describe("Start day; default today."),
    startTime: LocalTime.nullish().describe(
      "Start time; default now (with only startDate: the current time of day on that day, which is now when it is today).",
    ),
    endDate: LocalDate.nullish().describe("Due day; absent: no due moment (due when the session ends)."),
    endTime: LocalTime.nullish().describe("Due time; default 23:59 of endDate. Needs endDate."),
    remindDates: z
      .array(Reminder)
      .max(20, "at most 20 reminders")
      .nullish()
      .describe(
        "Moments the client and the care team are reminded by email, each between the start and the due moment (read in the offset header's offset, or by the time-zone header's rules: the local moment the scheduler meant).",
      ),
  })
  .meta({ id: "AddHomeworkRequest" });

export type AddHomeworkInput = z.infer<typeof AddHomeworkRequest>;

/** When an assignment starts, is due and is reminded: kept beside the contract's fixed assignment object. */
export const AssignmentTiming = z
  .object({
    assignmentId: z.number().int(),
    startDate: DateTimeString,
    dueDate: DateTimeString.nullable().describe("Null: due when the session ends."),
    remindDates: z.array(DateTimeString),
  })
  .meta({ id: "AssignmentTiming" });

export const SessionHomeworkTiming = z
  .object({
    sessionId: z.number().int(),
    clientLanguage: Language.describe(
      "The language the session's client reads their homework in: a module with no French of its own is shown in English to a client who reads French.",
    ),
    assignments: z.array(AssignmentTiming),
  })
  .meta({ id: "SessionHomeworkTiming" });
