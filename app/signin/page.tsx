import type { Metadata } from "next";
import type { Session } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { HOME_OF, webSession } from "@/lib/auth/page-session";
import { sameOriginPath } from "@/lib/auth/same-origin-path";
import { env } from "@/lib/env";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in" };

// This site's origin as the browser sees it: a callbackUrl is followed only when it stays there.
async function ownOrigin(): Promise<string> {
  const configured = env().NEXTAUTH_URL;
  if (configured) return configured;
  const h = await headers();
  return `${h.get("x-forwarded-proto") === "https" ? "https" : "http"}://${h.get("x-forwarded-host") ?? h.get("host") ?? "localhost"}`;
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = await searchParams;
  const callbackUrl = sameOriginPath(q.callbackUrl, await ownOrigin());
  // A session whose record ended (signed out elsewhere, disabled, held by the person's status) has
  // no user: it must stay here, or the page it came from sends it back, and so on.
  const user: Session["user"] | undefined = (await webSession())?.user;
  if (user?.accountId && !q.error) redirect(callbackUrl !== "/" ? callbackUrl : (HOME_OF[user.role] ?? "/"));
  return (
    <AuthCard title="Sign in" description="Clinic staff, care providers and clients sign in here.">
      <SignInForm
        callbackUrl={callbackUrl}
        error={typeof q.error === "string" ? q.error : undefined}
        hasIdp={Boolean(env().OIDC_ISSUER)}
      />
    </AuthCard>
  );
}
