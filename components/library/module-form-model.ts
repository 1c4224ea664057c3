import type { DeepPartialSkipArrayKey } from "react-hook-form";
import { blockTypeWords, capital } from "@/lib/api-client/words";
import {
  ModuleDefinition,
  type BlockT,
  type LocalTextT,
  type ModuleDefinitionT,
} from "@/lib/schemas/module-definition";

// The module editor's form values and their conversion to and from a module definition. The form
// holds every field of every block type as text (an input's value), so switching what is shown never
// loses what was typed; the definition schema is the one check, in the editor and on the server.

export type TextPair = { en: string; fr: string };
export type BlockType = BlockT["type"];

export const isBlockType = (v: string): v is BlockType => Object.hasOwn(blockTypeWords, v);
export const blockTypeLabel = (t: BlockType) => capital(blockTypeWords[t]);
export const isQuestionType = (t: BlockType) => t !== "text" && t !== "image" && t !== "video";

export type EditorBlock = {
  type: BlockType;
  key: string;
  label: TextPair;
  help: TextPair;
  required: boolean;
  body: TextPair;
  src: string;
  alt: TextPair;
  url: string;
  title: TextPair;
  options: { value: string; label: TextPair; score: string }[];
  points: { value: string; label: TextPair }[];
  min: string;
  max: string;
  step: string;
  unit: TextPair;
  maxLength: string;
  maxChoices: string;
};

export type EditorScoring = {
  enabled: boolean;
  items: string[];
  reverse: string[];
  multiplier: string;
  rangeMin: string;
  rangeMax: string;
  bands: { min: string; max: string; label: TextPair }[];
  /**
   * An answer (or the total, `question` TOTAL) above or below `value`, or the total risen or fallen
   * by at least `value` since the client's previous or first score, raises it; `urgent` ones are
   * also emailed to the care team at once.
   */
  alerts: { question: string; when: AlertWhen; value: string; urgent: boolean; message: TextPair }[];
};

/** What an alert row compares its value with: the watched value, or the total's change. */
export type AlertWhen = "above" | "below" | "rise" | "fall";

/** A change of the total (a rise or a fall): never urgent, a flag for the next review. */
export const isChange = (when: AlertWhen | undefined) => when === "rise" || when === "fall";

/** The alert row's choice of the total score: no question key can be written so. */
export const TOTAL = "(total)";

/** `nameFr` is the French name as typed: empty for none. */
export type EditorValues = { name: string; nameFr: string; blocks: EditorBlock[]; scoring: EditorScoring };

/** What the form does not edit, carried from the loaded definition into the saved one. */
export type Kept = Pick<ModuleDefinitionT, "source"> & {
  subscales: NonNullable<ModuleDefinitionT["scoring"]>["subscales"];
};

const pair = (t?: LocalTextT): TextPair => ({ en: t?.en ?? "", fr: t?.fr ?? "" });
const str = (n: number | undefined) => (n === undefined ? "" : String(n));

export function emptyBlock(type: BlockType, key: string): EditorBlock {
  const none = { en: "", fr: "" };
  return {
    type,
    key,
    label: { ...none },
    help: { ...none },
    required: true,
    body: { ...none },
    src: "",
    alt: { ...none },
    url: "",
    title: { ...none },
    options: [
      { value: "a", label: { en: "", fr: "" }, score: "" },
      { value: "b", label: { en: "", fr: "" }, score: "" },
    ],
    points: [
      { value: "0", label: { en: "", fr: "" } },
      { value: "1", label: { en: "", fr: "" } },
      { value: "2", label: { en: "", fr: "" } },
      { value: "3", label: { en: "", fr: "" } },
    ],
    min: "0",
    max: "10",
    step: "",
    unit: { ...none },
    maxLength: type === "longText" ? "5000" : "200",
    maxChoices: "",
  };
}

/** A question key no block of the form uses yet (q1, q2, ...). */
export function freshKey(blocks: { key?: string }[]): string {
  const used = new Set(blocks.map((b) => b.key));
  let n = blocks.length + 1;
  while (used.has(`q${String(n)}`)) n++;
  return `q${String(n)}`;
}

export function valuesOf(
  names: { name: string; nameFr: string | null },
  d: ModuleDefinitionT,
): { values: EditorValues; kept: Kept } {
  const blocks = d.blocks.map((b, i): EditorBlock => {
    const e = emptyBlock(b.type, "key" in b ? b.key : `block${String(i + 1)}`);
    switch (b.type) {
      case "text":
        return { ...e, body: pair(b.body) };
      case "image":
        return { ...e, src: b.src, alt: pair(b.alt) };
      case "video":
        return { ...e, url: b.url, title: pair(b.title) };
      default: {
        const q = { ...e, label: pair(b.label), help: pair(b.help), required: b.required };
        switch (b.type) {
          case "single":
          case "multiple":
            return {
              ...q,
              options: b.options.map((o) => ({ value: o.value, label: pair(o.label), score: str(o.score) })),
              maxChoices: b.type === "multiple" ? str(b.maxChoices) : "",
            };
          case "scale":
            return { ...q, points: b.points.map((p) => ({ value: String(p.value), label: pair(p.label) })) };
          case "number":
            return { ...q, min: String(b.min), max: String(b.max), step: str(b.step), unit: pair(b.unit) };
          case "shortText":
          case "longText":
            return { ...q, maxLength: String(b.maxLength) };
          case "date":
          case "time":
            return q;
        }
      }
    }
  });
  const s = d.scoring;
  return {
    values: {
      name: names.name,
      nameFr: names.nameFr ?? "",
      blocks,
      scoring: {
        enabled: s !== undefined,
        items: s?.items ?? [],
        reverse: s?.reverse ?? [],
        multiplier: str(s?.multiplier ?? 1),
        rangeMin: str(s?.range.min ?? 0),
        rangeMax: str(s?.range.max),
        bands: (s?.bands ?? []).map((b) => ({ min: String(b.min), max: String(b.max), label: pair(b.label) })),
        alerts: (s?.alerts ?? []).map((a) => ({
          question: a.question ?? TOTAL,
          when: (a.rise !== undefined
            ? "rise"
            : a.fall !== undefined
              ? "fall"
              : a.below !== undefined
                ? "below"
                : "above") satisfies AlertWhen,
          value: String(a.rise ?? a.fall ?? a.below ?? a.above ?? 0),
          urgent: a.urgent,
          message: pair(a.message),
        })),
      },
    },
    kept: { source: d.source, subscales: s?.subscales ?? [] },
  };
}

// A form value as the definition's input: French only where written; a number field as a number
// (an empty or non-numeric one stays text, which the schema names as the field's error).
const local = (t: Partial<TextPair> | undefined) => {
  const fr = t?.fr?.trim();
  return { en: t?.en ?? "", ...(fr ? { fr } : {}) };
};
const optionalLocal = (t: Partial<TextPair> | undefined) => (t?.en?.trim() || t?.fr?.trim() ? local(t) : undefined);
const num = (s: string | undefined) => {
  const t = (s ?? "").trim();
  return t === "" ? undefined : Number.isFinite(Number(t)) ? Number(t) : t;
};

/** The form's values as `useWatch` gives them: any field may not be there yet. */
type Watched = DeepPartialSkipArrayKey<EditorValues>;

/** The definition the form describes, unchecked: the schema is what checks it. */
export function definitionInput(v: Watched, kept: Kept): unknown {
  const blocks = (v.blocks ?? []).map((b) => {
    const type = b.type ?? "text";
    if (type === "text") return { type, body: local(b.body) };
    if (type === "image") return { type, src: b.src ?? "", alt: local(b.alt) };
    if (type === "video") return { type, url: b.url ?? "", title: local(b.title) };
    const q = {
      key: b.key ?? "",
      label: local(b.label),
      help: optionalLocal(b.help),
      required: b.required ?? true,
    };
    switch (type) {
      case "single":
      case "multiple":
        return {
          type,
          ...q,
          options: (b.options ?? []).map((o) => ({
            value: o.value ?? "",
            label: local(o.label),
            score: num(o.score),
          })),
          ...(type === "multiple" ? { maxChoices: num(b.maxChoices) } : {}),
        };
      case "scale":
        return { type, ...q, points: (b.points ?? []).map((p) => ({ value: num(p.value), label: local(p.label) })) };
      case "number":
        return { type, ...q, min: num(b.min), max: num(b.max), step: num(b.step), unit: optionalLocal(b.unit) };
      case "shortText":
      case "longText":
        return { type, ...q, maxLength: num(b.maxLength) };
      case "date":
      case "time":
        return { type, ...q };
    }
  });
  const s = v.scoring;
  const scoring = s?.enabled
    ? {
        items: (s.items ?? []).filter((k): k is string => typeof k === "string"),
        reverse: (s.reverse ?? []).filter((k): k is string => typeof k === "string"),
        multiplier: num(s.multiplier) ?? 1,
        range: { min: num(s.rangeMin), max: num(s.rangeMax) },
        subscales: kept.subscales,
        bands: (s.bands ?? []).map((b) => ({ min: num(b.min), max: num(b.max), label: local(b.label) })),
        alerts: (s.alerts ?? []).map((a) => ({
          ...(a.question === TOTAL ? { total: true as const } : { question: a.question ?? "" }),
          [a.when ?? "above"]: num(a.value),
          urgent: isChange(a.when) ? false : (a.urgent ?? true),
          message: local(a.message),
        })),
      }
    : undefined;
  return { blocks, scoring, source: kept.source };
}

/** The definition, checked: the parsed one, or each problem by its path in the form (`blocks.3.options`). */
export function checkDefinition(
  v: Watched,
  kept: Kept,
): { ok: true; definition: ModuleDefinitionT } | { ok: false; errors: Map<string, string> } {
  const r = ModuleDefinition.safeParse(definitionInput(v, kept));
  if (r.success) return { ok: true, definition: r.data };
  const errors = new Map<string, string>();
  for (const i of r.error.issues) {
    const path = i.path.map(String).join(".") || "definition";
    if (!errors.has(path)) errors.set(path, i.message);
  }
  return { ok: false, errors };
}

/** The keys of the questions a test may sum: scale questions, single choices whose options all score. */
export const summableKeys = (blocks: Watched["blocks"]) =>
  (blocks ?? [])
    .filter(
      (b) =>
        b.type === "scale" || (b.type === "single" && (b.options ?? []).every((o) => (o.score ?? "").trim() !== "")),
    )
    .map((b) => b.key ?? "")
    .filter(Boolean);

/** The names the editor gives the parts of a definition, by their keys in a path. */
const PART_WORDS: Record<string, string> = {
  blocks: "block",
  body: "text",
  src: "image address",
  alt: "description of the image",
  url: "video address",
  options: "option",
  points: "point",
  maxChoices: "most options a client may choose",
  maxLength: "longest answer",
  min: "lowest",
  max: "highest",
  scoring: "scoring",
  items: "summed question",
  reverse: "reverse-scored question",
  subscales: "subscale",
  range: "total",
  bands: "band",
  alerts: "alert",
  question: "watches",
};

/**
 * Where a definition's problem is, in the editor's words: "blocks.3.points.0.label.en" is "Block 4,
 * point 1, label (English)" (found by a review as a programme's author, 2026-12-07: the preview said
 * the path).
 */
export function whereInWords(path: string): string {
  const parts = path.split(".");
  const words: string[] = [];
  parts.forEach((part, i) => {
    if (/^\d+$/.test(part)) return;
    if (part === "en" || part === "fr") {
      words.push(`${words.pop() ?? ""} (${part === "en" ? "English" : "French"})`);
      return;
    }
    const next = parts[i + 1];
    const nth = next !== undefined && /^\d+$/.test(next) ? ` ${String(Number(next) + 1)}` : "";
    // A block's own label is its question; an option's, a point's or a band's is a label.
    const word = part === "label" && parts[0] === "blocks" && i === 2 ? "question" : (PART_WORDS[part] ?? part);
    words.push(`${word}${nth}`);
  });
  const text = words.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The editor's input ids, built here once: the blocks' and the scoring's fields use them, and the
// French still to write is reached by them ("Block 2, question (French)" focuses that input).
export const fieldIds = {
  block: (index: number, field: string) => `b${String(index)}-${field}`,
  option: (index: number, j: number, field: string) => `b${String(index)}-o${String(j)}-${field}`,
  point: (index: number, j: number, field: string) => `b${String(index)}-p${String(j)}-${field}`,
  band: (i: number, field: string) => `band-${String(i)}-${field}`,
  alert: (i: number, field: string) => `alert-${String(i)}-${field}`,
};

/**
 * The id of the input where the French of a block's text is written (`frenchCoverage`'s paths), or
 * null for a path the block editor has no input for.
 */
export function frenchInputId(path: string): string | null {
  const [part, a, b, c, d] = path.split(".");
  const i = Number(a);
  const j = Number(c);
  if (part === "blocks" && c === undefined && b !== undefined) return fieldIds.block(i, `${b}-fr`);
  if (part === "blocks" && d === "label" && b === "options") return fieldIds.option(i, j, "fr");
  if (part === "blocks" && d === "label" && b === "points") return fieldIds.point(i, j, "fr");
  return null;
}
