import type { z } from "zod";
import { ModuleDefinition, type LocalTextT, type ModuleDefinitionT } from "@/lib/schemas/module-definition";

// Helpers for writing the library's modules as data: the same schema that checks authored modules
// checks these, so a mistake in the library fails the moment it is loaded (and its unit test).

/** A module definition as written (defaults left out), checked and completed by the schema. */
export const define = (d: z.input<typeof ModuleDefinition>): ModuleDefinitionT => ModuleDefinition.parse(d);

/** Text in English and French. */
export const t = (en: string, fr: string): LocalTextT => ({ en, fr });

/** A formatted text block. */
export const say = (en: string, fr: string) => ({ type: "text" as const, body: t(en, fr) });

/** Numbers read the same in both languages. */
const numeral = (n: number): LocalTextT => ({ en: String(n), fr: String(n) });

/** The points of a 0–10 rating, its ends labelled. */
export const zeroToTen = (low: LocalTextT, high: LocalTextT) =>
  Array.from({ length: 11 }, (_, n) => ({
    value: n,
    label:
      n === 0
        ? t(`0 – ${low.en}`, `0 – ${low.fr ?? low.en}`)
        : n === 10
          ? t(`10 – ${high.en}`, `10 – ${high.fr ?? high.en}`)
          : numeral(n),
  }));

/** The points of a 0–100 % rating in steps of 10 (belief in a thought, strength of a feeling). */
export const percent = (low: LocalTextT, high: LocalTextT) =>
  Array.from({ length: 11 }, (_, i) => {
    const n = i * 10;
    return {
      value: n,
      label:
        n === 0
          ? t(`0 % – ${low.en}`, `0 % – ${low.fr ?? low.en}`)
          : n === 100
            ? t(`100 % – ${high.en}`, `100 % – ${high.fr ?? high.en}`)
            : t(`${n} %`, `${n} %`),
    };
  });

/** Choices from [value, English, French] triples. */
export const choices = (...options: [string, string, string][]) =>
  options.map(([value, en, fr]) => ({ value, label: t(en, fr) }));
