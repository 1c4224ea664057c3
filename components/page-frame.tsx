import type { Session } from "next-auth";
import type { ReactNode } from "react";
import Link from "next/link";
import { AppHeader } from "@/components/app-header";

const NAV: Record<string, { href: string; label: string }[]> = {
  CLINIC: [
    { href: "/clinic", label: "Clients" },
    { href: "/clinic/clients/new", label: "New client" },
  ],
  CAREGIVER: [{ href: "/caregiver", label: "My sessions" }],
};

/** Header, navigation and main landmark of every signed-in page. */
export function PageFrame({ session, children }: { session: Session; children: ReactNode }) {
  const role = session.user.role;
  const home = role === "CLINIC" ? "/clinic" : "/caregiver";
  return (
    <>
      <AppHeader name={session.user.name ?? ""} role={role} home={home} />
      <nav aria-label="Main" className="border-b border-slate-200 bg-white">
        <ul className="mx-auto flex max-w-6xl gap-4 px-4 py-2 text-sm">
          {NAV[role]?.map((n) => (
            <li key={n.href}>
              <Link href={n.href} className="font-medium text-blue-800 underline-offset-4 hover:underline">
                {n.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </>
  );
}
