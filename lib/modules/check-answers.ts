import { AppError, type FieldError } from "@/lib/errors";
import { type AnswerValue, type ModuleDefinitionT, type QuestionT, isQuestion } from "@/lib/schemas/module-definition";
import { fitsCharacters } from "./fits-characters";
import { parseCalendarDate } from "@/lib/dates";

/** An answer as a request carries it: the question's key and any JSON value. */
export type GivenAnswer = { questionKey: string; value: unknown };

/**
 * `partial`: autosave, any subset of the questions, a question given twice keeps its last value.
 * `complete`: submit, every required question answered, each question once.
 */
export type AnswerSet = "partial" | "complete";

export type CheckedAnswers = {
  /**
   * Question key → its checked value, in the order given (the last one where given twice); null
   * for an answer taken back (a number or a date the client emptied), which answers nothing.
   */
  values: Map<string, AnswerValue | null>;
  /** Empty when the answers fit; else every answer that does not, by its path in the request. */
  errors: FieldError[];
};

/**
 * Checks answers against the module's definition (the version the assignment was given). Pure:
 * the caller decides what a refusal answers (the lifecycle's 404 and 409 come first).
 */
export function checkAnswers(definition: ModuleDefinitionT, answers: GivenAnswer[], set: AnswerSet): CheckedAnswers {
  // A module made before modules had definitions (the migration gave it no blocks at all) defines
  // nothing to check against: its answers are taken as integrations sent them before, any key and
  // any JSON (the request's own checks still apply). It scores nothing.
  if (definition.blocks.length === 0) return { values: new Map(), errors: [] };
  const questions = new Map(definition.blocks.filter(isQuestion).map((q) => [q.key, q]));
  const values = new Map<string, AnswerValue | null>();
  const errors: FieldError[] = [];
  // An autosave keeps a question's last value, so only that one is checked: what one request costs
  // is then bound by the module's questions (a text's count costs up to ~20 ms), not by its 200 answers.
  const last = new Map(answers.map(({ questionKey }, i) => [questionKey, i]));
  answers.forEach(({ questionKey, value }, i) => {
    const q = questions.get(questionKey);
    if (!q) {
      errors.push({ path: `answers.${i}.questionKey`, message: "is not a question of this module" });
      return;
    }
    if (set === "partial" && last.get(questionKey) !== i) return;
    if (set === "complete" && values.has(questionKey)) {
      errors.push({ path: `answers.${i}.questionKey`, message: "is answered twice" });
      return;
    }
    if (value === null) {
      values.set(questionKey, null);
      return;
    }
    const checked = checkValue(q, value);
    if (typeof checked === "string") errors.push({ path: `answers.${i}.value`, message: checked });
    else values.set(questionKey, checked.value);
  });
  if (set === "complete" && errors.length === 0) {
    for (const q of questions.values()) {
      const v = values.get(q.key);
      if (q.required && (v === undefined || v === null || isEmpty(v)))
        errors.push({ path: "answers", message: `question "${q.key}" is required and has no answer` });
    }
  }
  return { values, errors };
}

/** Blank text or no option chosen: saved in progress, but no answer to a required question. */
const isEmpty = (v: AnswerValue) => (typeof v === "string" ? v.trim() === "" : Array.isArray(v) && v.length === 0);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A time question's answer, HH:MM on a 24-hour clock; its hours and minutes captured. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The value as the question's type takes it, or what is wrong with it. */
function checkValue(q: QuestionT, value: unknown): { value: AnswerValue } | string {
  switch (q.type) {
    case "single": {
      const options = q.options.map((o) => o.value);
      if (typeof value !== "string") return `must be the value of one option (${list(options)})`;
      return options.includes(value) ? { value } : `must be one of ${list(options)}`;
    }
    case "multiple": {
      const options = q.options.map((o) => o.value);
      if (!Array.isArray(value) || !value.every((v): v is string => typeof v === "string"))
        return `must be a list of option values (${list(options)})`;
      // Named by its place, not its text: what a client typed here is theirs, and a problem's
      // message may be logged by the caller.
      const unknown = value.findIndex((v) => !options.includes(v));
      if (unknown >= 0) return `item ${String(unknown + 1)} is not one of ${list(options)}`;
      if (new Set(value).size !== value.length) return "must not name an option twice";
      if (q.maxChoices !== undefined && value.length > q.maxChoices)
        return `must name at most ${String(q.maxChoices)} of the options`;
      return { value };
    }
    case "scale": {
      const points = q.points.map((p) => p.value);
      if (typeof value !== "number" || !points.includes(value)) return `must be one of the points ${list(points)}`;
      return { value };
    }
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return "must be a number";
      const misfit = numberMisfit(q, value);
      if (misfit === "range") return `must be from ${q.min} to ${q.max}`;
      if (misfit === "step") return `must be ${q.min} plus a multiple of ${String(q.step)}`;
      return { value };
    }
    case "shortText":
    case "longText": {
      if (typeof value !== "string") return "must be text";
      return fitsCharacters(value, q.maxLength) ? { value } : `must be at most ${q.maxLength} characters`;
    }
    case "date": {
      if (typeof value !== "string") return "must be a date as YYYY-MM-DD";
      const misfit = dateMisfit(value);
      if (misfit === "format") return "must be a date as YYYY-MM-DD";
      return misfit === "calendar" ? "is not a date of the calendar" : { value };
    }
    case "time":
      return typeof value === "string" && TIME_OF_DAY.test(value)
        ? { value }
        : "must be a time as HH:MM, from 00:00 to 23:59";
  }
}

// Decimal steps (0.1, 0.5) are not exact in binary: a value on the step is within rounding of it.
const onStep = (delta: number, step: number) => {
  const n = delta / step;
  return Math.abs(n - Math.round(n)) < 1e-9 * Math.max(1, Math.abs(n));
};

/**
 * Why a date answer does not fit, or null: not YYYY-MM-DD (a browser's date field lets a year of
 * five or six digits through), or no day of the calendar. The page holds such an answer back.
 */
export function dateMisfit(value: string): "format" | "calendar" | null {
  if (!DATE.test(value)) return "format";
  return parseCalendarDate(value) ? null : "calendar";
}

/**
 * Why a number does not fit its question (outside its range, or off its steps), or null: the rule
 * the server checks, and the client's page too, to say so in the client's words before sending it.
 */
export function numberMisfit(q: Extract<QuestionT, { type: "number" }>, value: number): "range" | "step" | null {
  if (value < q.min || value > q.max) return "range";
  if (q.step !== undefined && !onStep(value - q.min, q.step)) return "step";
  return null;
}

const list = (xs: (string | number)[]) => xs.map((x) => (typeof x === "string" ? `"${x}"` : String(x))).join(", ");

/** The 400 of answers that do not fit: the first in `detail`, each by its path in `errors`. */
export function answersRefused(errors: FieldError[]): AppError {
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return new AppError(
    "bad_request",
    first ? `${first.path}: ${first.message}${more}` : "the answers do not fit",
    errors,
  );
}
