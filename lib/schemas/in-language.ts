import type { Lang, LocalTextT } from "./module-definition";

// Apart from module-definition.ts (its zod schemas): the pages that only read texts stay without zod.

/** The text in the reader's language, English where no French was written. */
export const inLanguage = (t: LocalTextT, lang: Lang) => (lang === "fr" ? (t.fr ?? t.en) : t.en);

/** The text as the care team's pages show it: they are in English (the API gives both languages). */
export const inEnglish = (t: LocalTextT) => inLanguage(t, "en");
