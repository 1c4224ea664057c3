import type { LocalTextT, ModuleDefinitionT } from "@/lib/schemas/module-definition";

export type Alert = { question: string; value: number; message: LocalTextT };

/** A test's result, computed by the server at submit. */
export type Scored = {
  score: number;
  /** The band's English label (Assignment.band) and the band itself. */
  band: string;
  bandLabel: LocalTextT;
  subscales: Record<string, number>;
  alerts: Alert[];
};

/**
 * Scores a complete, checked set of answers (question key → value) by the definition's scoring;
 * null when the module is not a test. STUB: the scoring helper replaces this body.
 */
export function scoreAnswers(definition: ModuleDefinitionT, answers: ReadonlyMap<string, unknown>): Scored | null {
  const s = definition.scoring;
  if (!s) return null;
  const score =
    s.items.reduce((sum, key) => sum + (typeof answers.get(key) === "number" ? Number(answers.get(key)) : 0), 0) *
    s.multiplier;
  const band = s.bands.find((b) => score >= b.min && score <= b.max) ?? s.bands[0];
  if (!band) return null;
  return { score, band: band.label.en, bandLabel: band.label, subscales: {}, alerts: [] };
}
