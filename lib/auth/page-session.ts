import "server-only";
import { getServerSession, type Session } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { nextAuthOptions } from "@/lib/auth/next-auth-options";
import type { Role } from "@/lib/generated/prisma/enums";

const WEB_HOME = { CLINIC: "/clinic", CAREGIVER: "/caregiver", CLIENT: "/homework" } as const;
type WebRole = keyof typeof WEB_HOME;

/** The home page of each role that signs in to the pages. */
export const HOME_OF: Partial<Record<Role, string>> = WEB_HOME;

const isWebRole = (role: Role): role is WebRole => role in WEB_HOME;

/**
 * The page's web session, read once per request: the root layout (for the reader's language) and
 * the page both ask, and each read checks the server-side record.
 */
export const webSession = cache(() => getServerSession(nextAuthOptions()));

/**
 * The signed-in person of a page, or a redirect: to sign in (and back to `path` afterwards) when
 * there is no session or it expired, to their own home when the page is for another role.
 */
export async function requireWebSession(roles: WebRole | WebRole[], path: string): Promise<Session> {
  const session = await webSession();
  // A revoked or expired session reads as one without a user (next-auth-options.ts, session callback).
  const user: Session["user"] | undefined = session?.user;
  if (!session || !user?.accountId) redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  if (!isWebRole(user.role)) redirect("/signin");
  if (![roles].flat().includes(user.role)) redirect(WEB_HOME[user.role]);
  return session;
}
