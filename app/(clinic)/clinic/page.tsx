import type { Metadata } from "next";
import { AppHeader } from "@/components/app-header";
import { requireWebSession } from "@/lib/auth/page-session";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Clinic" };

export default async function ClinicHome() {
  const session = await requireWebSession("CLINIC", "/clinic");
  return (
    <>
      <AppHeader name={session.user.name ?? ""} role="CLINIC" home="/clinic" />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-2xl font-semibold">Clinic home</h1>
        <p className="mt-2 text-slate-700">Welcome, {session.user.name}. Your clients and their care teams are managed here.</p>
      </main>
    </>
  );
}
