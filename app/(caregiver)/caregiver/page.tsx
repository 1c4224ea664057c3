import type { Metadata } from "next";
import { AppHeader } from "@/components/app-header";
import { requireWebSession } from "@/lib/auth/page-session";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "My sessions" };

export default async function CaregiverHome() {
  const session = await requireWebSession("CAREGIVER", "/caregiver");
  return (
    <>
      <AppHeader name={session.user.name ?? ""} role="CAREGIVER" home="/caregiver" />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-2xl font-semibold">My sessions</h1>
        <p className="mt-2 text-slate-700">Welcome, {session.user.name}. Your clients&apos; sessions and homework are followed here.</p>
      </main>
    </>
  );
}
