import { describe, expect, it } from "vitest";
import { ModuleDefinition } from "@/lib/schemas/module-definition";
import { EVERY_QUESTION_TYPE } from "../support/every-question-type";
import { checkAnswers } from "@/lib/modules/check-answers";

const en = (s: string) => ({ en: s });
const definition = EVERY_QUESTION_TYPE;
const check = (answers: { questionKey: string; value: unknown }[], set: "partial" | "complete" = "partial") =>
  checkAnswers(definition, answers, set);
const refused = (questionKey: string, value: unknown) => check([{ questionKey, value }]).errors;
const COMPLETE = [
  { questionKey: "mood", value: "low" },
  { questionKey: "sleep", value: 2 },
  { questionKey: "diary", value: "a good day" },
];

describe("checkAnswers", () => {
  it("accepts a value of every type that fits its question", () => {
    const r = check([
      { questionKey: "mood", value: "high" },
      { questionKey: "helped", value: ["walk", "rest"] },
      { questionKey: "sleep", value: 0 },
      { questionKey: "hours", value: 7.5 },
      { questionKey: "word", value: "calm😀" },
      { questionKey: "diary", value: "" },
      { questionKey: "when", value: "2024-02-29" },
      { questionKey: "bedtime", value: "23:05" },
    ]);
    expect(r.errors).toEqual([]);
    for (const value of ["00:00", "09:30", "23:59"]) expect(refused("bedtime", value)).toEqual([]);
    // A year below 100 is a day of the calendar as any other (JavaScript's Date.UTC would read it
    // as 19xx); the calendar begins with the year 1, as a browser's date field does.
    for (const value of ["0050-01-01", "0099-12-31", "0004-02-29", "0001-01-01"])
      expect(refused("when", value)).toEqual([]);
    expect(r.values.get("hours")).toBe(7.5);
    expect(r.values.get("helped")).toEqual(["walk", "rest"]);
  });

  it("a module made before modules had definitions (no blocks at all) takes answers as before: any key, any JSON", () => {
    const legacy = ModuleDefinition.parse({ blocks: [] });
    const given = [{ questionKey: "q1", value: { text: "as integrations send it" } }];
    expect(checkAnswers(legacy, given, "partial").errors).toEqual([]);
    expect(checkAnswers(legacy, given, "complete").errors).toEqual([]);
    // A module of content only asks nothing: an answer to it names no question.
    const reading = ModuleDefinition.parse({ blocks: [{ type: "text", body: en("Read this.") }] });
    expect(checkAnswers(reading, given, "partial").errors).toEqual([
      { path: "answers.0.questionKey", message: "is not a question of this module" },
    ]);
  });

  it("names the answer's key when the module has no such question (content blocks included)", () => {
    expect(
      check([
        { questionKey: "sleep", value: 1 },
        { questionKey: "nope", value: "x" },
      ]).errors,
    ).toEqual([{ path: "answers.1.questionKey", message: "is not a question of this module" }]);
  });

  it.each([
    ["mood", 1, /must be the value of one option/],
    ["mood", "medium", /must be one of "low", "high"/],
    ["helped", "walk", /must be a list of option values/],
    ["helped", ["walk", 3], /must be a list of option values/],
    ["helped", ["walk", "swim"], /^item 2 is not one of "walk", "call", "rest"$/],
    ["helped", ["walk", "walk"], /must not name an option twice/],
    ["helped", ["walk", "call", "rest"], /must name at most 2 of the options/],
    ["sleep", "2", /must be one of the points 0, 1, 2/],
    ["sleep", 3, /must be one of the points/],
    ["sleep", 0.5, /must be one of the points/],
    ["hours", "7", /must be a number/],
    ["hours", -0.5, /must be from 0 to 12/],
    ["hours", 12.5, /must be from 0 to 12/],
    ["hours", 7.25, /must be 0 plus a multiple of 0.5/],
    ["word", 12, /must be text/],
    ["word", "toolong", /at most 5 characters/],
    ["diary", { text: "hi" }, /must be text/],
    ["diary", "x".repeat(21), /at most 20 characters/],
    ["when", "2024-02-30", /is not a date of the calendar/],
    ["when", "2023-02-29", /is not a date of the calendar/],
    ["when", "0050-02-29", /is not a date of the calendar/],
    ["when", "0000-01-01", /is not a date of the calendar/],
    ["when", "29/02/2024", /YYYY-MM-DD/],
    ["when", 20240229, /YYYY-MM-DD/],
    ["bedtime", "24:00", /must be a time as HH:MM/],
    ["bedtime", "9:30", /must be a time as HH:MM/],
    ["bedtime", "23:60", /must be a time as HH:MM/],
    ["bedtime", "11:30 PM", /must be a time as HH:MM/],
    ["bedtime", 2330, /must be a time as HH:MM/],
  ])("refuses %s = %j at answers.0.value", (key, value, message) => {
    const errors = refused(key, value);
    expect(errors.map((e) => e.path)).toEqual(["answers.0.value"]);
    expect(errors[0]?.message).toMatch(message);
  });

  it("a partial set may leave required questions out; a complete one names each missing one", () => {
    expect(check([{ questionKey: "sleep", value: 1 }]).errors).toEqual([]);
    expect(check(COMPLETE, "complete").errors).toEqual([]);
    expect(check([{ questionKey: "sleep", value: 1 }], "complete").errors).toEqual([
      { path: "answers", message: 'question "mood" is required and has no answer' },
      { path: "answers", message: 'question "diary" is required and has no answer' },
    ]);
  });

  it("blank text is saved in progress but does not answer a required question", () => {
    const blank = COMPLETE.map((a) => (a.questionKey === "diary" ? { ...a, value: "  " } : a));
    expect(check(blank).errors).toEqual([]);
    expect(check(blank, "complete").errors).toEqual([
      { path: "answers", message: 'question "diary" is required and has no answer' },
    ]);
  });

  it("an answer taken back (null: a number or a date emptied) is saved in progress and answers nothing", () => {
    const taken = COMPLETE.map((a) => (a.questionKey === "mood" ? { ...a, value: null } : a));
    const saved = check(taken);
    expect(saved.errors).toEqual([]);
    expect(saved.values.get("mood")).toBeNull();
    expect(check(taken, "complete").errors).toEqual([
      { path: "answers", message: 'question "mood" is required and has no answer' },
    ]);
  });

  it("autosave keeps the last of a question given twice; submit refuses it", () => {
    const twice = [...COMPLETE, { questionKey: "sleep", value: 0 }];
    const saved = check(twice);
    expect(saved.errors).toEqual([]);
    expect(saved.values.get("sleep")).toBe(0);
    expect(check(twice, "complete").errors).toEqual([{ path: "answers.3.questionKey", message: "is answered twice" }]);
  });

  it("autosave checks only the value it keeps: a question's earlier values are neither checked nor kept", () => {
    const saved = check([
      { questionKey: "diary", value: "x".repeat(1_000) },
      { questionKey: "sleep", value: 7 },
      { questionKey: "diary", value: "Better." },
    ]);
    expect(saved.errors).toEqual([{ path: "answers.1.value", message: expect.stringMatching(/must be one of/) }]);
    expect(saved.values.get("diary")).toBe("Better.");
  });

  it("reports every wrong answer, each by its own path", () => {
    expect(
      check([
        { questionKey: "mood", value: "x" },
        { questionKey: "sleep", value: 1 },
        { questionKey: "when", value: "soon" },
      ]).errors.map((e) => e.path),
    ).toEqual(["answers.0.value", "answers.2.value"]);
  });
});
