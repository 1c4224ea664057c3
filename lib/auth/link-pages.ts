import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { pages } from "@/lib/api-client/paths";
import { readPasswordReset } from "@/lib/auth/read-password-reset";
import { asLang } from "@/lib/i18n/lang";
import { LANGUAGE_COOKIE } from "@/lib/i18n/language-cookie";
import { readInvitation } from "@/lib/invitations/read-invitation";
import { PAGE_PATH_HEADER } from "@/lib/page-path-header";
import type { Lang } from "@/lib/schemas/module-definition";

// Read once per request: the root layout (the document's language), the tab's title and the page
// all read the link.
export const readInvitationOnce = cache(readInvitation);
export const readPasswordResetOnce = cache(readPasswordReset);

const LINK_PAGES: { path: RegExp; read: (token: string) => Promise<{ lang: Lang }> }[] = [
  { path: /^\/invite\/([^/]+)$/, read: readInvitationOnce },
  { path: /^\/reset-password\/([^/]+)$/, read: readPasswordResetOnce },
];

/**
 * The language of a page for someone not yet signed in (the sign-in page, the page to ask for a new
 * password): the one asked for (`?lang=`: the page's link to the other language, a French link's
 * page), else that of the last client's pages on this browser (`LANGUAGE_COOKIE`), else English.
 */
export async function askedLanguage(asked: unknown): Promise<Lang> {
  if (asked === "fr" || asked === "en") return asked;
  return asLang((await cookies()).get(LANGUAGE_COOKIE)?.value);
}

/**
 * The language of the emailed link's page being drawn (an invitation, a new password, and asking
 * for one again), if the page is one: the link's, which may be a client's French before anyone has
 * signed in.
 */
export async function linkPageLanguage(): Promise<Lang | undefined> {
  const url = new URL((await headers()).get(PAGE_PATH_HEADER) ?? "/", "http://page");
  if (url.pathname === pages.forgotPassword || url.pathname === pages.signIn)
    return askedLanguage(url.searchParams.get("lang"));
  for (const page of LINK_PAGES) {
    const token = page.path.exec(url.pathname)?.[1];
    if (token !== undefined) return (await page.read(decodeURIComponent(token))).lang;
  }
  return undefined;
}
