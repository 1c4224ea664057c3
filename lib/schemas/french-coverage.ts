// What a French-speaking client would read in English: every text of a module's blocks written in
// English and not in French (a half-translated module mixes the two). The scoring's texts (bands,
// subscales, alerts) are the care team's, whose pages are in English, and a client never reads
// them. No zod: the editor counts the form's values as they are typed and the book's page the
// stored definitions, by this one rule.

/** A text worth translating has a letter: "0", "10 %" or "1–3" read the same in French. */
const HAS_LETTER = /\p{L}/u;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

export type FrenchCoverage = {
  /** The texts with a letter in their English. */
  texts: number;
  /** Where those without French are ("blocks.3.options.0.label"), in the blocks' order. */
  missing: string[];
};

/**
 * How much of what a client reads of a definition (stored, or as the editor would send it) has its
 * French written: its blocks.
 */
export function frenchCoverage(definition: unknown): FrenchCoverage {
  const coverage: FrenchCoverage = { texts: 0, missing: [] };
  const walk = (v: unknown, path: string[]) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        walk(x, [...path, String(i)]);
      });
      return;
    }
    if (!isRecord(v)) return;
    // A text in the module's languages (LocalText): `en`, and `fr` where written.
    if (typeof v.en === "string") {
      if (!HAS_LETTER.test(v.en)) return;
      coverage.texts++;
      if (typeof v.fr !== "string" || v.fr.trim() === "") coverage.missing.push(path.join("."));
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  if (isRecord(definition)) walk(definition.blocks, ["blocks"]);
  return coverage;
}

/** The counts alone, as the book's detail gives each module's (`BookModule.french`). */
export function frenchCounts(definition: unknown): { texts: number; missing: number } {
  const c = frenchCoverage(definition);
  return { texts: c.texts, missing: c.missing.length };
}
