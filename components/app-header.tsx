import { SignOutButton } from "@/components/auth/sign-out-button";
import { SiteHeader } from "@/components/site-header";
import { roleWords } from "@/lib/api-client/words";

export function AppHeader({ name, role, home }: { name: string; role: keyof typeof roleWords; home: string }) {
  return (
    <SiteHeader home={home}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          Signed in as <strong>{name}</strong> <span className="text-muted-foreground">({roleWords[role]})</span>
        </span>
        <SignOutButton />
      </div>
    </SiteHeader>
  );
}
