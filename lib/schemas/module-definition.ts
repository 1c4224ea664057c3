import { z } from "zod";
import { text } from "./common";

// What a module asks and how a test scores, stored as data (ModuleVersion.definition). One schema
// serves the authoring API and form, the library's files, the server's checks and the renderer.

/** Text in the module's languages: English always, French where it has been written. */
export const LocalText = z
  .object({ en: text(5000), fr: text(5000).optional() })
  .meta({ id: "LocalText", description: "Text in English, and in French where written (else English is shown)." });

/** A question's key: what answers name it by (`questionKey`). */
export const QuestionKey = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/i, "must be 1 to 40 letters, digits, - or _, starting with a letter or digit");

const question = {
  key: QuestionKey,
  label: LocalText,
  help: LocalText.optional(),
  required: z.boolean().default(true),
};

/** A choice; `score` is its item value where a test sums it. Answers name the choice by `value`. */
export const ChoiceOption = z.object({ value: QuestionKey, label: LocalText, score: z.number().optional() });

export const ContentBlock = z.discriminatedUnion("type", [
  z
    .object({ type: z.literal("text"), body: LocalText })
    .describe("Formatted text: paragraphs separated by a blank line, lines starting with - are a list, **bold**."),
  z.object({
    type: z.literal("image"),
    src: z.string().regex(/^(\/|https:\/\/)[^\s]*$/, "must be a path on this site or an https address"),
    alt: LocalText,
  }),
  z.object({ type: z.literal("video"), url: z.url({ protocol: /^https$/ }), title: LocalText }),
]);

export const Question = z.discriminatedUnion("type", [
  z.object({ type: z.literal("single"), ...question, options: z.array(ChoiceOption).min(2).max(30) }),
  z.object({
    type: z.literal("multiple"),
    ...question,
    options: z.array(ChoiceOption).min(2).max(30),
    maxChoices: z
      .number()
      .int()
      .min(1)
      .max(30)
      .optional()
      .describe("At most this many options may be chosen (say, “Choose up to three”); any number when absent."),
  }),
  z
    .object({
      type: z.literal("scale"),
      ...question,
      points: z
        .array(z.object({ value: z.number().int().min(-100).max(100), label: LocalText }))
        .min(2)
        .max(11),
    })
    .describe("Labelled points; the answer is the chosen point's value, which a test sums."),
  z.object({
    type: z.literal("number"),
    ...question,
    min: z.number(),
    max: z.number(),
    step: z.number().positive().optional(),
    unit: LocalText.optional(),
  }),
  z.object({ type: z.literal("shortText"), ...question, maxLength: z.number().int().min(1).max(500).default(200) }),
  z.object({ type: z.literal("longText"), ...question, maxLength: z.number().int().min(1).max(10_000).default(5000) }),
  z.object({ type: z.literal("date"), ...question }),
  /** A clock time, HH:MM on a 24-hour clock (a sleep diary's bedtime): no date, no time zone. */
  z.object({ type: z.literal("time"), ...question }),
]);

export const Block = z.union([ContentBlock, Question]).meta({ id: "ModuleBlock" });

export const Band = z.object({ min: z.number(), max: z.number(), label: LocalText });

export const Scoring = z
  .object({
    /** The questions summed (scale questions, or single choices whose options carry a score). */
    items: z.array(QuestionKey).min(1),
    /** Reverse-scored items: a value v counts as (lowest + highest point) − v. */
    reverse: z.array(QuestionKey).default([]),
    /** The raw sum is multiplied by this (WHO-5: × 4, 0–25 → 0–100). */
    multiplier: z.number().positive().default(1),
    /** The total's possible range, for charts and the bands' check. */
    range: z.object({ min: z.number(), max: z.number() }),
    subscales: z
      .array(z.object({ key: QuestionKey, label: LocalText, items: z.array(QuestionKey).min(1) }))
      .default([]),
    /** Severity bands over the total, in order, covering the range. */
    bands: z.array(Band).min(1),
    /**
     * An answer on `question`, or the total score (`total: true`; one of the two), above `above`
     * (or below `below`; or for the total, risen by at least `rise` or fallen by at least `fall`
     * since the client's previous score on the module or since their first: one of the four)
     * raises an alert for the care team: the assignment comes first in their lists, and an urgent
     * one (the default, as PHQ-9 item 9) is also emailed to them at once. A change is a flag for
     * the next review, never urgent.
     */
    alerts: z
      .array(
        z.object({
          question: QuestionKey.optional(),
          total: z.literal(true).optional(),
          above: z.number().optional(),
          below: z.number().optional(),
          rise: z.number().positive().optional(),
          fall: z.number().positive().optional(),
          urgent: z.boolean().default(true),
          message: LocalText,
        }),
      )
      .default([]),
  })
  .meta({ id: "ModuleScoring" });

/** Where a library measure comes from and how its manual scores it (shown beside it). */
export const ModuleSource = z.object({
  citation: text(1000),
  scoringReference: text(1000),
  licence: text(500),
});

export const ModuleDefinition = z
  .object({
    blocks: z.array(Block).max(200),
    scoring: Scoring.optional(),
    source: ModuleSource.optional(),
  })
  .superRefine((d, ctx) => {
    const questions = new Map<string, z.infer<typeof Question>>();
    d.blocks.forEach((b, i) => {
      if (!("key" in b)) return;
      if (questions.has(b.key)) ctx.addIssue({ code: "custom", path: ["blocks", i, "key"], message: "is used twice" });
      questions.set(b.key, b);
      if (b.type === "number" && b.min > b.max)
        ctx.addIssue({ code: "custom", path: ["blocks", i, "max"], message: "must not be below min" });
      if (b.type === "multiple" && b.maxChoices !== undefined && b.maxChoices > b.options.length)
        ctx.addIssue({
          code: "custom",
          path: ["blocks", i, "maxChoices"],
          message: "must not be above the options' count",
        });
      // An answer names its choice by value: two with one value could not be told apart.
      const values: (string | number)[] =
        b.type === "scale" ? b.points.map((p) => p.value) : "options" in b ? b.options.map((o) => o.value) : [];
      const field = b.type === "scale" ? "points" : "options";
      values.forEach((v, j) => {
        if (values.indexOf(v) !== j)
          ctx.addIssue({ code: "custom", path: ["blocks", i, field, j, "value"], message: "is used twice" });
      });
    });
    const s = d.scoring;
    if (!s) return;
    const summable = (key: string) => {
      const q = questions.get(key);
      return q?.type === "scale" || (q?.type === "single" && q.options.every((o) => o.score !== undefined));
    };
    s.items.forEach((key, i) => {
      if (!summable(key))
        ctx.addIssue({
          code: "custom",
          path: ["scoring", "items", i],
          message: "must name a scale question, or a single choice whose options all have a score",
        });
      else if (!questions.get(key)?.required)
        ctx.addIssue({
          code: "custom",
          path: ["scoring", "items", i],
          message: "must be a required question: an unanswered item would count 0",
        });
      if (s.items.indexOf(key) !== i)
        ctx.addIssue({ code: "custom", path: ["scoring", "items", i], message: "is counted twice" });
    });
    if (s.range.min > s.range.max)
      ctx.addIssue({ code: "custom", path: ["scoring", "range"], message: "min above max" });
    s.reverse.forEach((key, i) => {
      if (!s.items.includes(key))
        ctx.addIssue({ code: "custom", path: ["scoring", "reverse", i], message: "must be one of the items" });
    });
    s.subscales.forEach((sub, i) => {
      sub.items.forEach((key, j) => {
        if (!s.items.includes(key))
          ctx.addIssue({
            code: "custom",
            path: ["scoring", "subscales", i, "items", j],
            message: "must be one of the items",
          });
      });
    });
    s.alerts.forEach((a, i) => {
      if ([a.above, a.below, a.rise, a.fall].filter((x) => x !== undefined).length !== 1)
        ctx.addIssue({
          code: "custom",
          path: ["scoring", "alerts", i],
          message: "needs one of above, below, rise and fall",
        });
      const change = a.rise !== undefined ? "rise" : a.fall !== undefined ? "fall" : null;
      if (change && a.total === undefined)
        ctx.addIssue({ code: "custom", path: ["scoring", "alerts", i, change], message: "watches the total only" });
      if (change && a.urgent)
        ctx.addIssue({
          code: "custom",
          path: ["scoring", "alerts", i, "urgent"],
          message: `must be false for a ${change}: a change is for the next review`,
        });
      if ((a.question === undefined) === (a.total === undefined)) {
        ctx.addIssue({ code: "custom", path: ["scoring", "alerts", i], message: "needs one of question and total" });
        return;
      }
      if (a.question === undefined) return;
      const q = questions.get(a.question);
      if (!q)
        ctx.addIssue({ code: "custom", path: ["scoring", "alerts", i, "question"], message: "must name a question" });
      else if (q.type !== "number" && !summable(a.question))
        ctx.addIssue({
          code: "custom",
          path: ["scoring", "alerts", i, "question"],
          message: "must name a question answered with a number: a scale, a number, or a single choice with scores",
        });
    });
    // Every possible total has a band: below the first or above the last it would get a wrong one.
    const first = s.bands[0];
    const last = s.bands.at(-1);
    if (first && first.min > s.range.min)
      ctx.addIssue({
        code: "custom",
        path: ["scoring", "bands", 0, "min"],
        message: "must start at the range's lowest",
      });
    if (last && last.max < s.range.max)
      ctx.addIssue({
        code: "custom",
        path: ["scoring", "bands", s.bands.length - 1, "max"],
        message: "must end at the range's highest",
      });
    s.bands.forEach((b, i) => {
      if (b.min > b.max) ctx.addIssue({ code: "custom", path: ["scoring", "bands", i], message: "min above max" });
      const prev = s.bands[i - 1];
      if (prev && b.min <= prev.max)
        ctx.addIssue({ code: "custom", path: ["scoring", "bands", i, "min"], message: "must follow the band before" });
    });
  })
  .meta({ id: "ModuleDefinition" });

export type ModuleDefinitionT = z.infer<typeof ModuleDefinition>;
export type QuestionT = z.infer<typeof Question>;
export type BlockT = z.infer<typeof Block>;
export type LocalTextT = z.infer<typeof LocalText>;
export type Lang = "en" | "fr";

export const isQuestion = (b: BlockT): b is QuestionT => "key" in b;

export { inLanguage } from "./in-language";

/**
 * The answer value each question type takes: single → the option's `value`; multiple → distinct
 * option values; scale → a point's value; number → a number in [min, max] (on `step`); shortText,
 * longText → a string up to maxLength; date → "YYYY-MM-DD".
 */
export type AnswerValue = string | number | string[];
