"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

export function SignOutButton() {
  return (
    <Button variant="outline" size="sm" onClick={() => void signOut({ callbackUrl: pages.signIn })}>
      Sign out
    </Button>
  );
}
