import type { Lang, LocalTextT } from "@/lib/schemas/module-definition";

// The renderer's own few words, in the module's language: it also runs outside the client's pages
// (the authoring page's live preview), where no page messages are loaded.
export const WORDS = {
  en: {
    requiredNote: "Questions marked * need an answer.",
    optional: "(optional)",
    characters: (n: number, max: number) => `${formatNumber(n, "en")} of ${formatNumber(max, "en")} characters`,
    notAnswered: "Not answered",
    watch: "Watch the video",
    openImage: "Open the image",
    newTab: "(opens in a new tab)",
    range: (min: number, max: number) => `From ${formatNumber(min, "en")} to ${formatNumber(max, "en")}`,
    mostChosen: (n: number, most: number) =>
      `${String(n)} chosen of at most ${String(most)}: untick one to choose another.`,
  },
  fr: {
    requiredNote: "Les questions marquées * demandent une réponse.",
    optional: "(facultatif)",
    characters: (n: number, max: number) => `${formatNumber(n, "fr")} caractères sur ${formatNumber(max, "fr")}`,
    notAnswered: "Sans réponse",
    watch: "Voir la vidéo",
    openImage: "Ouvrir l’image",
    newTab: "(s’ouvre dans un nouvel onglet)",
    range: (min: number, max: number) => `De ${formatNumber(min, "fr")} à ${formatNumber(max, "fr")}`,
    mostChosen: (n: number, most: number) =>
      `${String(n)} choix sur ${String(most)} au plus : décochez-en un pour en choisir un autre.`,
  },
} as const;

export type Words = (typeof WORDS)[Lang];

/** A module's text in the reader's language. */
export type T = (text: LocalTextT) => string;

// Formatters cost more to make than to use: one per language.
const numberFormats = new Map<Lang, Intl.NumberFormat>();
export function formatNumber(n: number, lang: Lang): string {
  let f = numberFormats.get(lang);
  if (!f) numberFormats.set(lang, (f = new Intl.NumberFormat(lang, { maximumFractionDigits: 10 })));
  return f.format(n);
}
