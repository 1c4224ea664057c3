import "server-only";
import { cache } from "react";
import { db } from "@/lib/db/prisma";
import type { Lang } from "@/lib/schemas/module-definition";

/**
 * What a signed-in client's frame shows: the language of their pages (EN or FR) and whom their
 * clinic asks them to call in a crisis; once per request.
 */
export const ownFrame = cache(async (accountId: number): Promise<{ lang: Lang; crisisContact: string | null }> => {
  const account = await db().account.findUnique({
    where: { id: accountId },
    select: { client: { select: { language: true, clinic: { select: { crisisContact: true } } } } },
  });
  return {
    lang: account?.client?.language === "FR" ? "fr" : "en",
    crisisContact: account?.client?.clinic.crisisContact ?? null,
  };
});

/** The language of a signed-in client's pages. */
export const ownLanguage = async (accountId: number): Promise<Lang> => (await ownFrame(accountId)).lang;
