import Link from "next/link";
import { SignOutButton } from "@/components/auth/sign-out-button";

export function AppHeader({ name, role, home }: { name: string; role: string; home: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link href={home} className="text-lg font-semibold text-slate-900">
          Care Program Platform
        </Link>
        <div className="flex items-center gap-3 text-sm">
          <span>
            Signed in as <strong>{name}</strong>{" "}
            <span className="text-slate-600">({role === "CLINIC" ? "clinic staff" : "care provider"})</span>
          </span>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
