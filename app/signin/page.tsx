import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { HOME_OF, webSession } from "@/lib/auth/page-session";
import { env } from "@/lib/env";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in" };

// Only paths of this site are followed after sign-in.
const safePath = (p: unknown) => (typeof p === "string" && p.startsWith("/") && !p.startsWith("//") ? p : "/");

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const callbackUrl = safePath(q.callbackUrl);
  const session = await webSession();
  if (session?.user?.role && !q.error) redirect(callbackUrl !== "/" ? callbackUrl : (HOME_OF[session.user.role] ?? "/"));
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <p className="mt-2 mb-6 text-slate-700">Clinic staff and care providers sign in here.</p>
      <SignInForm callbackUrl={callbackUrl} error={typeof q.error === "string" ? q.error : undefined} hasIdp={Boolean(env().OIDC_ISSUER)} />
    </main>
  );
}
