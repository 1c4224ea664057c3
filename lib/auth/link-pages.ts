import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { pages } from "@/lib/api-client/paths";
import { readPasswordReset } from "@/lib/auth/read-password-reset";
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
 * The language a page for someone not yet signed in is asked in (`?lang=fr`): the sign-in page (its
 * switch between English and French) and the page to ask for a new password (also where a French
 * link sends the reader). English otherwise.
 */
export const askedLanguage = (lang: unknown): Lang => (lang === "fr" ? "fr" : "en");

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
