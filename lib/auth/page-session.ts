import "server-only";
import { getServerSession, type Session } from "next-auth";
import { redirect } from "next/navigation";
import { nextAuthOptions } from "@/lib/auth/next-auth-options";

export const HOME_OF: Record<string, string> = { CLINIC: "/clinic", CAREGIVER: "/caregiver" };

export const webSession = () => getServerSession(nextAuthOptions());

/**
 * The signed-in person of a page, or a redirect: to sign in (and back to `path` afterwards) when
 * there is no session or it expired, to their own home when the page is for another role.
 */
export async function requireWebSession(
  roles: "CLINIC" | "CAREGIVER" | ("CLINIC" | "CAREGIVER")[],
  path: string,
): Promise<Session> {
  const session = await webSession();
  // A revoked or expired session reads as one without a user (next-auth-options.ts, session callback).
  const user: Session["user"] | undefined = session?.user;
  if (!session || !user?.accountId) redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  if (![roles].flat().includes(user.role as "CLINIC")) redirect(HOME_OF[user.role] ?? "/signin");
  return session;
}
