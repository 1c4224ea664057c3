import { parseContractDateTime } from "@/lib/dates";
import { z } from "zod";
import { DateTimeString, JsonValue } from "./common";
import { LocalText } from "./module-definition";
import { AssignmentStatus } from "./session";

// What the care team reads of a client's work beside the contract's fixed objects: one assignment's
// answers in words with its score, and a client's measures over time.

const QuestionType = z.enum(["single", "multiple", "scale", "number", "shortText", "longText", "date", "time"]);

export const ScoreBand = z
  .object({ min: z.number(), max: z.number(), label: LocalText })
  .meta({ id: "ScoreBand", description: "A severity band: totals from min to max (inclusive) read as label." });

export const ResultAnswer = z
  .object({
    questionKey: z.string(),
    question: LocalText.describe("The question as the client read it (its key where the version does not have it)."),
    type: QuestionType.nullable().describe("Null: the answer names no question of the assignment's version."),
    value: JsonValue.nullable().describe("The answer as stored; null: not answered."),
    answer: LocalText.nullable().describe(
      "The answer in words: the chosen options' or point's labels, the number with its unit, the text or date; null: not answered.",
    ),
  })
  .meta({ id: "ResultAnswer" });

export const ResultAlert = z
  .object({
    question: z.string().nullable().describe("The question whose answer raised it; null: raised by the total score."),
    questionLabel: LocalText.describe("The question's text, or “Total score”."),
    answer: LocalText.nullable().describe(
      "The answer that raised it, in words, as it was then (answers saved but not submitted may have changed since); null for the total.",
    ),
    value: z.number(),
    previous: z
      .number()
      .nullable()
      .describe("For a change of the total (a rise or a fall): the client's previous score on the module."),
    first: z
      .number()
      .nullable()
      .describe(
        "For a change of the total: the client's first score on the module. The change is measured from both: a slow drift counts as much as a jump.",
      ),
    urgent: z
      .boolean()
      .describe(
        "Emailed to the care team at once (PHQ-9 item 9), or SAVED_ALERT_MINUTES after answers saved and not submitted raised it; else a flag for the next review",
      ),
    message: LocalText,
  })
  .meta({ id: "ResultAlert" });

export const SleepSummary = z
  .object({
    timeInBedMinutes: z.number().int().describe("From getting into bed to getting up for the day."),
    totalSleepMinutes: z
      .number()
      .int()
      .describe(
        "From trying to sleep to the final awakening, less the time it took to fall asleep and the time awake in between.",
      ),
    efficiencyPercent: z.number().int().describe("Time asleep over time in bed, rounded."),
  })
  .meta({ id: "SleepSummary" });
export type SleepSummaryBody = z.infer<typeof SleepSummary>;

export const AlertReviewQuery = z.object({
  alertsOf: z
    .enum(["saved", "submitted", "earlier"])
    .optional()
    .describe(
      "The alerts the caregiver looked at: of answers saved and not submitted, or of answers submitted (the assignment's own, `alertReview`), or its earlier alerts nobody had reviewed (`earlierAlertReviews`: those of answers stored since, such as a worrying answer saved and then submitted without it). Given as saved or submitted, a review that finds the other answers 409 and marks nothing (the client submitted meanwhile: their alerts are to be looked at first).",
    )
    .meta({ param: { example: "submitted" } }),
  alertsAt: z
    .string()
    .refine((t) => parseContractDateTime(t) !== null, "YYYY/MM/DD HH:mm, as the result's alertReview.alertsAt")
    .optional()
    .describe(
      "The alerts the caregiver looked at, by the result's `alertReview.alertsAt` (for `earlier`, the newest unreviewed one's `alertsAt` in `earlierAlertReviews`). Given, a review that finds alerts stored since (the client saved worse answers, or submitted) 409s and marks nothing.",
    )
    .meta({ param: { example: "2026/11/29 21:15" } }),
});

export const AlertReview = z
  .object({
    reviewedAt: DateTimeString.nullable().describe(
      "When a caregiver of the care team marked the alerts reviewed; null: nobody has yet.",
    ),
    reviewedBy: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .describe("The caregiver who did; the first one stays."),
    escalatedAt: DateTimeString.nullable().describe(
      "When the clinic's staff were emailed because an urgent alert had gone unreviewed (ALERT_ESCALATION_HOURS after the care team was told, at once when nobody on it could be); null: not so far.",
    ),
    dutyToldAt: DateTimeString.nullable().describe(
      "When the clinic's duty contact was emailed because the alerts were still unreviewed ALERT_DUTY_HOURS after the staff were told; null: not so far.",
    ),
    alertsAt: DateTimeString.nullable().describe(
      "When these alerts were stored and the care team told: the submit, or the notice of answers saved and not submitted (again when saved answers got worse). A review names the alerts it saw by it.",
    ),
  })
  .meta({ id: "AlertReview" });

export const EarlierAlertReview = z
  .object({
    alertsAt: DateTimeString.nullable().describe("When the alerts had been stored and the care team told."),
    alerts: z
      .array(ResultAlert)
      .describe(
        "The alerts as they were then: of answers saved and not submitted, each with the answer as it was saved. Empty on a record kept before 2026-11-30, which kept the review alone.",
      ),
    reviewedAt: DateTimeString.nullable().describe("When a caregiver marked them reviewed; null: nobody had."),
    reviewedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    escalatedAt: DateTimeString.nullable().describe("When the clinic's staff were told of them; null: they were not."),
    dutyToldAt: DateTimeString.nullable().describe(
      "When the clinic's duty contact was told of them, the staff's escalation having gone unreviewed too; null: not.",
    ),
    clearedAt: DateTimeString.describe(
      "When answers stored anew (the submit, worse saved answers) closed this review; the alerts stored then, if any, need a review of their own.",
    ),
  })
  .meta({ id: "EarlierAlertReview" });

export const AlertToReview = z
  .object({
    assignmentId: z.number().int(),
    sessionId: z.number().int(),
    sessionTitle: z.string(),
    clientId: z.number().int(),
    clientName: z.string(),
    name: z.string().describe("The module's name."),
    alertsOf: z
      .enum(["saved", "submitted", "earlier"])
      .describe(
        "The assignment's own alerts: of answers submitted, or saved and not submitted that the care team was told of; or, once those are reviewed or gone, its earlier alerts nobody reviewed, which answers stored since cleared (a worrying answer saved, then submitted without it).",
      ),
    since: DateTimeString.nullable().describe(
      "When the care team was told of the oldest alert waiting: the submit, or the notice of the saved answers.",
    ),
    escalatedAt: DateTimeString.nullable().describe(
      "When the clinic's staff were emailed because nobody had reviewed it; null: not so far.",
    ),
    dutyToldAt: DateTimeString.nullable().describe(
      "When the clinic's duty contact was emailed because nobody had reviewed it after the staff were told either; null: not so far.",
    ),
  })
  .meta({ id: "AlertToReview" });

export const AssignmentResult = z
  .object({
    assignmentId: z.number().int(),
    sessionId: z.number().int(),
    clientId: z.number().int(),
    moduleId: z.number().int(),
    moduleName: z.string(),
    version: z.number().int().describe("The module version the assignment was given; its questions label the answers."),
    status: AssignmentStatus,
    submitDate: DateTimeString.nullable(),
    isTest: z.boolean(),
    score: z.number().nullable().describe("Computed by the server at submit; null until then or when not a test."),
    band: ScoreBand.nullable().describe("The band of the score in the version's scoring; null without a score."),
    range: z.object({ min: z.number(), max: z.number() }).nullable(),
    bands: z.array(ScoreBand).describe("Every band of the version's scoring, in order; empty when not a test."),
    subscales: z.array(z.object({ key: z.string(), label: LocalText, score: z.number() })),
    alerts: z.array(ResultAlert).describe("Raised by the submitted answers; the care team should look first."),
    alertReview: AlertReview.nullable().describe("Whether the care team has reviewed the alerts; null: no alert."),
    earlierAlertReviews: z
      .array(EarlierAlertReview)
      .describe(
        "This assignment's earlier alerts, oldest first, which answers stored since cleared, reviewed or not: what the care team was told of, who had looked, and when the staff were told. A worrying answer saved and then submitted without it stays on record here.",
      ),
    sleep: SleepSummary.nullable().describe(
      "For a submitted night of the library's sleep diary: time in bed, time asleep and sleep efficiency from its answers; null for another module, answers in progress, or a night whose answers are missing or do not add up.",
    ),
    answers: z
      .array(ResultAnswer)
      .describe(
        "Every question of the version in its order (submitted answers once COMPLETE, else those saved so far), then answers to keys the version does not have.",
      ),
  })
  .meta({ id: "AssignmentResult" });

export const MeasurePoint = z
  .object({
    assignmentId: z.number().int(),
    sessionId: z.number().int(),
    sessionTitle: z.string(),
    date: DateTimeString.describe("When the client submitted it, in `offset`."),
    score: z.number(),
    band: z.string().nullable().describe("The band's English label."),
    alert: z.boolean().describe("The answers raised an alert."),
    earlierEpisode: z
      .boolean()
      .describe(
        "Submitted before the client's current episode of care began (`careEpisodeStartDate`): a change alert does not measure from it.",
      ),
  })
  .meta({ id: "MeasurePoint" });

export const ClientMeasure = z
  .object({
    key: z
      .string()
      .describe("The library key of the measure (e.g. `phq-9`), else `module-<id>` for a clinic's own test."),
    name: z.string(),
    range: z.object({ min: z.number(), max: z.number() }),
    bands: z.array(ScoreBand),
    points: z.array(MeasurePoint).describe("Submitted scores, oldest first."),
  })
  .meta({ id: "ClientMeasure" });

export const SleepNight = z
  .object({
    assignmentId: z.number().int(),
    sessionId: z.number().int(),
    sessionTitle: z.string(),
    night: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .describe(
        "The date the client went to bed (YYYY-MM-DD), as answered; else the day before the client's own day of the submit, in the `offset` the submit stated (in this request's `offset` when it stated none). A night written in two diaries is the later one's.",
      ),
    summary: SleepSummary.nullable().describe(
      "Time in bed, time asleep and sleep efficiency; null when the night's answers do not add up (its result shows them).",
    ),
  })
  .meta({ id: "SleepNight" });

export const ClientMeasures = z
  .object({
    clientId: z.number().int(),
    careEpisodeStartDate: DateTimeString.nullable().describe(
      "When the client's current episode of care began, in `offset`; null while the client has had one episode.",
    ),
    measures: z.array(ClientMeasure),
    sleepNights: z
      .array(SleepNight)
      .describe(
        "The submitted nights of the library's sleep diary, by night, oldest first (the client's pages show them by week).",
      ),
  })
  .meta({ id: "ClientMeasures" });

export type AssignmentResultBody = z.infer<typeof AssignmentResult>;
export type AlertReviewBody = z.infer<typeof AlertReview>;
/** Which alerts a review is of: the assignment's own (of saved or of submitted answers), or its earlier ones. */
export type AlertsOf = NonNullable<z.infer<typeof AlertReviewQuery>["alertsOf"]>;
export type EarlierAlertReviewBody = z.infer<typeof EarlierAlertReview>;
export type ClientMeasuresBody = z.infer<typeof ClientMeasures>;
export type SleepNightBody = z.infer<typeof SleepNight>;
