import { z } from "zod";
import { DateTimeString, PageQuery } from "./common";
import { ModuleDefinition } from "./module-definition";
import { AssignmentStatus, Feedback, FeedbackStatus, RunningStatus } from "./session";

/** The query of the client's own assignments: a page of those whose session is in `time-state`. */
export const OwnAssignmentQuery = PageQuery.extend({
  "time-state": z.enum(RunningStatus.options, { error: "must be RUNNING, FUTURE or COMPLETED" }).meta({
    param: {
      description: "Required. The running status of the session the assignment is in: RUNNING, FUTURE or COMPLETED.",
      example: "RUNNING",
    },
  }),
  status: z
    .string()
    .regex(
      /^(PENDING|IN_PROGRESS|COMPLETE)(,(PENDING|IN_PROGRESS|COMPLETE))*$/,
      "must be PENDING, IN_PROGRESS or COMPLETE, or several of them separated by commas",
    )
    .transform((s) => [...new Set(s.split(",").map((x) => AssignmentStatus.parse(x)))])
    .optional()
    .meta({
      param: {
        description:
          "Optional. Only the assignments with one of these statuses, comma-separated (PENDING, IN_PROGRESS, " +
          "COMPLETE); absent: every status. `PENDING,IN_PROGRESS` is the work still to do.",
        example: "PENDING,IN_PROGRESS",
      },
    }),
});

/** A saved answer: the question's key and the value given. */
export const SavedAnswer = z
  .object({ questionKey: z.string(), value: z.unknown().describe("The answer as the module defines it") })
  .meta({ id: "SavedAnswer" });

/**
 * One of the client's own assignments, to do or done: its module version's definition (what it
 * asks, as given with the assignment), the answers saved so far (or submitted) and the care team's
 * feedback. Not the contract's assignment object: the client's homework page reads this.
 */
export const OwnAssignmentDetail = z
  .object({
    id: z.number().int(),
    name: z.string().describe("The module's name in the client's language: its French name where the clinic wrote one"),
    bookName: z.string().describe("The book's name in the client's language, as `name`"),
    sessionId: z.number().int(),
    sessionTitle: z.string(),
    sessionStartDate: DateTimeString,
    dueDate: DateTimeString.nullable().describe("The due moment of homework added with one; else null"),
    status: AssignmentStatus,
    feedbackStatus: FeedbackStatus,
    submitDate: DateTimeString.nullable(),
    feedbackSubmitDate: DateTimeString.nullable(),
    canChange: z.boolean().describe("Whether autosave and submit are open: not submitted, and the session is open"),
    definition: ModuleDefinition,
    answers: z
      .array(SavedAnswer)
      .describe("The submitted answers once COMPLETE; before, the answers autosaved so far (resume from them)"),
    feedbacks: z.array(Feedback).describe("The care team's feedback on this assignment"),
  })
  .meta({ id: "OwnAssignmentDetail" });

export type OwnAssignmentDetailBody = z.infer<typeof OwnAssignmentDetail>;
