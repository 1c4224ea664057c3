import { SignOutButton } from "@/components/auth/sign-out-button";
import { SiteHeader } from "@/components/site-header";

export function AppHeader({ name, role, home }: { name: string; role: string; home: string }) {
  return (
    <SiteHeader home={home}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          Signed in as <strong>{name}</strong>{" "}
          <span className="text-muted-foreground">({role === "CLINIC" ? "clinic staff" : "care provider"})</span>
        </span>
        <SignOutButton />
      </div>
    </SiteHeader>
  );
}
