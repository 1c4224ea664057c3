"use client";

import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

// next-auth's browser module (and the Babel helpers it is compiled with, 17 KB on the wire) loads
// only when someone signs out: every signed-in page shows this button, and no page needs it before.
const signOutToSignIn = (lang: "en" | "fr") =>
  import("next-auth/react").then((m) => m.signOut({ callbackUrl: pages.signInIn(lang) }));

/**
 * Signs out, to the sign-in page in the page's language: `label` and `lang` (the client's pages are
 * in English or French, and a French client signs in again in French).
 */
export function SignOutButton({ label = "Sign out", lang = "en" }: { label?: string; lang?: "en" | "fr" }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void signOutToSignIn(lang)}>
      {label}
    </Button>
  );
}
