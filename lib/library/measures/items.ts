import type { LocalTextT, QuestionT } from "@/lib/schemas/module-definition";

/** An item's wording in English and French, as the published versions word it. */
export type Wording = readonly [en: string, fr: string];

export const local = ([en, fr]: Wording): LocalTextT => ({ en, fr });

/** A response option: its item value and its wording. */
export type Point = readonly [value: number, en: string, fr: string];

/** The instrument's items as required scale questions `item1`…`itemN` with the same points. */
export const scaleItems = (stems: readonly Wording[], points: readonly Point[]): QuestionT[] =>
  stems.map((stem, i) => ({
    type: "scale",
    key: `item${i + 1}`,
    label: local(stem),
    required: true,
    points: points.map(([value, en, fr]) => ({ value, label: { en, fr } })),
  }));

/** `item1`…`itemN`, the keys scaleItems gives. */
export const itemKeys = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `item${from + i}`);
