import type { Session } from "next-auth";
import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { MAIN_ID, SkipLink } from "@/components/ui/skip-link";
import { NavLink } from "@/components/ui/nav-link";
import { pages } from "@/lib/api-client/paths";

const NAV: Record<string, { href: string; label: string }[]> = {
  CLINIC: [
    { href: pages.clinic, label: "Clients" },
    { href: pages.newClient, label: "New client" },
    { href: pages.careProviders, label: "Care providers" },
    { href: pages.library, label: "Library" },
    { href: pages.auditLog(), label: "Audit log" },
    { href: pages.clinicSettings, label: "Clinic settings" },
  ],
  CAREGIVER: [
    { href: pages.caregiver, label: "My sessions" },
    { href: pages.settings, label: "Email settings" },
  ],
};

/** Header, navigation and main landmark of every signed-in page. */
export function PageFrame({ session, children }: { session: Session; children: ReactNode }) {
  const role = session.user.role;
  const home = role === "CLINIC" ? pages.clinic : pages.caregiver;
  return (
    <>
      <SkipLink label="Skip to main content" />
      <AppHeader name={session.user.name ?? ""} role={role} home={home} />
      <nav aria-label="Main" className="border-b bg-card">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-4 gap-y-1 px-4 py-2 text-sm">
          {NAV[role]?.map((n) => (
            <li key={n.href}>
              <NavLink href={n.href}>{n.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id={MAIN_ID} className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
    </>
  );
}
