import "server-only";
import type { Tx } from "@/lib/db/prisma";
import type { Language } from "@/lib/generated/prisma/enums";
import { nameInLanguage } from "@/lib/i18n/name-in-language";

// A session scheduled without a title is named for its client, in their language: the design plan's
// name in it, else "Session" / "Séance"; several at once are numbered ("Séance 1", "Séance 2").
// Such a title is the product's words, not a person's, so it follows the client's language when
// staff change it later (docs/library.md, "Sessions' titles"); a title a person gave never changes.

type Plan = { name: string; nameFr: string | null } | null;

/** What a session is called when its scheduler gave no title and no design plan, by the client's language. */
const UNTITLED: Record<Language, string> = { EN: "Session", FR: "Séance" };

/** The title of a session scheduled without one, before its number when several are scheduled at once. */
export const defaultSessionTitle = (plan: Plan, language: Language) =>
  plan ? nameInLanguage(plan, language) : UNTITLED[language];

/** `title` in `to` when it is the default title in `from` (numbered or not); else null (a person's words, or the same in both). */
export function defaultTitleIn(title: string, plan: Plan, from: Language, to: Language): string | null {
  const was = defaultSessionTitle(plan, from);
  const now = defaultSessionTitle(plan, to);
  if (was === now) return null;
  if (title === was) return now;
  const number = title.startsWith(`${was} `) ? title.slice(was.length + 1) : "";
  return /^[1-9]\d*$/.test(number) ? `${now} ${number}` : null;
}

/**
 * Renames the client's sessions whose title is still the default one in `from` to the default in
 * `to`. The caller holds the client's row lock (no session is scheduled meanwhile); a title a
 * caregiver changes meanwhile is kept, as each rename applies only to the title it read.
 */
export async function retitleDefaultSessions(tx: Tx, clientId: number, from: Language, to: Language) {
  if (from === to) return;
  const sessions = await tx.session.findMany({
    where: { clientId },
    select: { id: true, title: true, designPlan: { select: { name: true, nameFr: true } } },
  });
  for (const s of sessions) {
    const title = defaultTitleIn(s.title, s.designPlan, from, to);
    if (title !== null) await tx.session.updateMany({ where: { id: s.id, title: s.title }, data: { title } });
  }
}
