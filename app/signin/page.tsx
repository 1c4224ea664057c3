import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
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
  const session = await webSession();
  if (session?.user?.role && !q.error)
    redirect(callbackUrl !== "/" ? callbackUrl : (HOME_OF[session.user.role] ?? "/"));
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <p className="mt-2 mb-6 text-slate-700">Clinic staff and care providers sign in here.</p>
      <SignInForm
        callbackUrl={callbackUrl}
        error={typeof q.error === "string" ? q.error : undefined}
        hasIdp={Boolean(env().OIDC_ISSUER)}
      />
    </main>
  );
}
