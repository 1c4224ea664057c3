"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

/** Signs out; `label` in the page's language (the client's pages are in English or French). */
export function SignOutButton({ label = "Sign out" }: { label?: string }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void signOut({ callbackUrl: pages.signIn })}>
      {label}
    </Button>
  );
}
