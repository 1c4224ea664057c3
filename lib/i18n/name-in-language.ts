import "server-only";
import type { Language } from "@/lib/generated/prisma/enums";

// A book's and a module's name as a client reads it, and a design plan's as the default title of the
// sessions it schedules for them: the French name where the clinic wrote one and the client's
// language is French, else the name (docs/library.md, "Names in French"). The care team's pages and
// the OPTT reads keep a book's and a module's `name`; a session's title is stored as chosen here.

/** A named row (`name`, `nameFr`) in the language of a client (`language`), as the client reads it. */
export const nameInLanguage = (row: { name: string; nameFr: string | null }, language: Language) =>
  language === "FR" ? (row.nameFr ?? row.name) : row.name;

/** SQL text of `nameInLanguage`: the row aliased `named`, the client aliased `client`. */
export const nameInLanguageSql = (named: string, client: string) =>
  `case when ${client}.language = 'FR' then coalesce(${named}."nameFr", ${named}.name) else ${named}.name end`;
