import "server-only";
import type { Session } from "next-auth";
import { cache } from "react";
import { linkPageLanguage } from "@/lib/auth/link-pages";
import { webSession } from "@/lib/auth/page-session";
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

/**
 * The language of the pages of whoever asks: an emailed link's page's own (an invitation, a new
 * password), else the signed-in client's own, English before sign-in and for others. Once per
 * request: the root layout, a page's title and its body all ask. English when it cannot be read:
 * the document around a page and the missing page must not fail with it; the page's own read
 * fails too, and its error page says so with a way to try again.
 */
export const readerLanguage = cache(async (): Promise<Lang> => {
  try {
    const link = await linkPageLanguage();
    if (link) return link;
    const user: Session["user"] | undefined = (await webSession())?.user;
    return user?.accountId && user.role === "CLIENT" ? await ownLanguage(user.accountId) : "en";
  } catch {
    return "en";
  }
});
