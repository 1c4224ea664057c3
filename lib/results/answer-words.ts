import type { z } from "zod";
import {
  isQuestion,
  ModuleDefinition,
  type LocalTextT,
  type ModuleDefinitionT,
  type QuestionT,
} from "@/lib/schemas/module-definition";
import type { ResultAlert, ResultAnswer, ScoreBand } from "@/lib/schemas/results";
import type { StoredAlert } from "@/lib/results/stored-result";

// Pure: an assignment's stored answers read against the version it was given, so the care team
// reads questions and chosen labels, never keys.

type Stored = { questionKey: string; value: unknown };
type Band = z.infer<typeof ScoreBand>;

/** A stored version's definition; one that no longer parses is read as asking nothing. */
export function definitionOf(json: unknown): ModuleDefinitionT {
  const parsed = ModuleDefinition.safeParse(json);
  return parsed.success ? parsed.data : { blocks: [] };
}

const plain = (s: string): LocalTextT => ({ en: s });

/** Several labels as one text, in French too where any of them has French. */
function joined(labels: LocalTextT[]): LocalTextT {
  const en = labels.map((l) => l.en).join(", ");
  return labels.some((l) => l.fr !== undefined) ? { en, fr: labels.map((l) => l.fr ?? l.en).join(", ") } : { en };
}

/** Any stored value as text: its `text` where it has one (answers written before definitions), else JSON. */
function asText(v: unknown): LocalTextT {
  if (typeof v === "string") return plain(v);
  if (typeof v === "number") return plain(String(v));
  if (v && typeof v === "object" && "text" in v && typeof v.text === "string") return plain(v.text);
  return plain(JSON.stringify(v));
}

/** The answer in words, by the question's type; a value the question does not offer reads as it is. */
export function answerWords(q: QuestionT, v: unknown): LocalTextT {
  switch (q.type) {
    case "single": {
      const o = q.options.find((x) => x.value === v);
      return o ? o.label : asText(v);
    }
    case "multiple": {
      if (!Array.isArray(v)) return asText(v);
      const labels = v.map((x) => q.options.find((o) => o.value === x)?.label ?? asText(x));
      return joined(labels);
    }
    case "scale": {
      const p = q.points.find((x) => x.value === v);
      return p ? p.label : asText(v);
    }
    case "number":
      return typeof v === "number" && q.unit
        ? { en: `${String(v)} ${q.unit.en}`, ...(q.unit.fr ? { fr: `${String(v)} ${q.unit.fr}` } : {}) }
        : asText(v);
    case "shortText":
    case "longText":
    case "date":
    case "time":
      return asText(v);
  }
}

/**
 * Every question of the definition in its order with its answer (null when unanswered), then the
 * answers to keys the definition does not have, labelled by their key.
 */
export function resolveAnswers(def: ModuleDefinitionT, stored: Stored[]): z.infer<typeof ResultAnswer>[] {
  const byKey = new Map(stored.map((a) => [a.questionKey, a.value]));
  const questions = def.blocks.filter(isQuestion);
  const known = new Set(questions.map((q) => q.key));
  return [
    ...questions.map((q) => {
      const has = byKey.has(q.key) && byKey.get(q.key) !== null;
      const value = has ? toJson(byKey.get(q.key)) : null;
      return { questionKey: q.key, question: q.label, type: q.type, value, answer: has ? answerWords(q, value) : null };
    }),
    ...stored
      .filter((a) => !known.has(a.questionKey))
      .map((a) => ({
        questionKey: a.questionKey,
        question: plain(a.questionKey),
        type: null,
        value: toJson(a.value),
        answer: asText(a.value),
      })),
  ];
}

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** A value read from a JSON column is JSON; this says so to the type checker without a cast. */
function toJson(v: unknown): Json {
  if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map(toJson);
  if (typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toJson(x)]));
  return null;
}

/** The band a score falls in: the one named by its stored English label, else the one its range holds. */
export function bandOf(bands: Band[], score: number | null, stored: string | null): Band | null {
  if (score === null) return null;
  return bands.find((b) => b.label.en === stored) ?? bands.find((b) => score >= b.min && score <= b.max) ?? null;
}

const TOTAL_SCORE: LocalTextT = { en: "Total score", fr: "Score total" };

/**
 * The answer that raised an alert, in words: `given` for the question a key names (null for the
 * total, or an answer the question does not have).
 */
export function alertAnswer(def: ModuleDefinitionT, key: string | null, given: unknown): LocalTextT | null {
  const q = key === null ? undefined : def.blocks.filter(isQuestion).find((x) => x.key === key);
  return q && given !== undefined && given !== null ? answerWords(q, given) : null;
}

/** What raised an alert, for its label: the question a key names, or the total score (null). */
export function questionLabel(def: ModuleDefinitionT, key: string | null): LocalTextT {
  if (key === null) return TOTAL_SCORE;
  return def.blocks.filter(isQuestion).find((q) => q.key === key)?.label ?? plain(key);
}

/**
 * Stored alerts as the result gives them: each with its question's text and the answer that raised
 * it in words, the answer kept with an alert on saved answers (as it was when the care team was
 * told), else the one in `given`.
 */
export function resultAlerts(
  def: ModuleDefinitionT,
  alerts: readonly StoredAlert[],
  given: readonly { questionKey: string; value: unknown }[] = [],
): z.infer<typeof ResultAlert>[] {
  return alerts.map(({ answer, ...x }) => ({
    ...x,
    questionLabel: questionLabel(def, x.question),
    answer: alertAnswer(def, x.question, answer ?? given.find((g) => g.questionKey === x.question)?.value),
  }));
}
