"use client";

import { signIn } from "next-auth/react";
import { useState, type SubmitEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { UsernameInput } from "@/components/auth/username-input";
import { ErrorState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { pages } from "@/lib/api-client/paths";
import { formText } from "@/lib/utils";

const WRONG = "Wrong username or password, or this account has no web pages.";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: WRONG,
  TooManyAttempts: "Too many sign-in attempts. For your account's safety, please wait a few minutes and try again.",
  SignInUnavailable: "Sign-in is not available at the moment. Please try again shortly.",
  NoPlatformUser:
    "Your organisation signed you in, but no clinic staff member, care provider or client on the platform has your email.",
  AmbiguousPlatformUser:
    "Your organisation signed you in, but your email belongs to more than one account here. Sign in with your username and password.",
  AccessDenied: "Access denied.",
  SessionRequired: "Please sign in to continue.",
};

export function SignInForm({ callbackUrl, error, hasIdp }: { callbackUrl: string; error?: string; hasIdp: boolean }) {
  const [message, setMessage] = useState(error ? (MESSAGES[error] ?? "Sign-in failed. Please try again.") : "");
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setMessage("");
    const res = await signIn("credentials", {
      username: formText(form, "username"),
      password: formText(form, "password"),
      callbackUrl,
      redirect: false,
    });
    // A whole page load, not the router's: the document around every page is drawn for its reader
    // (its language, the toasts' words), and it was drawn for no one. In place of this page, which
    // Back should not bring again.
    if (res?.ok && !res.error) {
      window.location.replace(res.url ?? callbackUrl);
      return;
    }
    setBusy(false);
    setMessage(MESSAGES[res?.error ?? ""] ?? WRONG);
  }

  return (
    <div className="flex flex-col gap-6">
      {message && <ErrorState error={new Error(message)} className="my-0" />}
      {hasIdp && (
        <>
          <Button size="lg" className="w-full" onClick={() => void signIn("oidc", { callbackUrl })}>
            Sign in with your organisation
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            or with the username and password the platform gave you
          </p>
        </>
      )}
      <form
        onSubmit={(e) => void onSubmit(e)}
        className="flex flex-col gap-4"
        aria-label="Sign in with username and password"
      >
        <FormField id="username" label="Username" plain>
          <UsernameInput required />
        </FormField>
        <FormField id="password" label="Password" plain>
          <Input name="password" type="password" autoComplete="current-password" required />
        </FormField>
        <TextLink href={pages.forgotPassword} variant="inline" className="w-fit text-sm">
          Forgot your password?
        </TextLink>
        <Button type="submit" variant="outline" size="lg" className="w-full" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </form>
    </div>
  );
}
