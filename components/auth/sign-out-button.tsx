"use client";

import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

// next-auth's browser module (and the Babel helpers it is compiled with, 17 KB on the wire) loads
// only when someone signs out: every signed-in page shows this button, and no page needs it before.
const signOutToSignIn = () => import("next-auth/react").then((m) => m.signOut({ callbackUrl: pages.signIn }));

/** Signs out; `label` in the page's language (the client's pages are in English or French). */
export function SignOutButton({ label = "Sign out" }: { label?: string }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void signOutToSignIn()}>
      {label}
    </Button>
  );
}
