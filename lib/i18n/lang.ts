import type { Lang } from "@/lib/schemas/module-definition";

/** A language as the product speaks it, from a locale, a query or a cookie: French for "fr", else English. */
export const asLang = (value: unknown): Lang => (value === "fr" ? "fr" : "en");

/** The other of the two languages: a page's link to itself in it. */
export const otherLang = (lang: Lang): Lang => (lang === "fr" ? "en" : "fr");
