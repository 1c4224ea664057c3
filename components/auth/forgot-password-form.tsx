"use client";

import { useState, type SubmitEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ErrorState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useRequestPasswordReset } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { sentence } from "@/lib/api-client/plain-words";
import { formText } from "@/lib/utils";

/**
 * A username or an email, and a link by email to choose a new password. The page says the same
 * whether anyone matched: what it says is what to do next, not who has an account.
 */
export function ForgotPasswordForm() {
  const ask = useRequestPasswordReset();
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [problem, setProblem] = useState("");

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    const login = formText(new FormData(ev.currentTarget), "login").trim();
    setError("");
    setProblem("");
    if (!login) {
      setError("Enter your username or your email.");
      document.getElementById("forgot-login")?.focus();
      return;
    }
    try {
      await ask.mutateAsync({ login });
      setAsked(login);
    } catch (err) {
      setProblem(err instanceof ApiError ? sentence(err.detail) : "The link could not be asked for. Please try again.");
    }
  }

  if (asked) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p>
          If <strong className="break-all">{asked}</strong> is the username or the email of a sign-in with a password, a
          link to choose a new one is on its way to that sign-in&apos;s email. It works once, for one hour.
        </p>
        <p className="text-sm text-muted-foreground">
          No email within a few minutes? Look in your spam folder, or try your other username or email. If your
          organisation signs you in, its own password applies: ask it. Your clinic can also help.
        </p>
        <TextLink href={pages.signIn}>Back to sign-in</TextLink>
      </div>
    );
  }

  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate className="flex flex-col gap-4" aria-label="Ask for a link">
      {problem && <ErrorState error={new Error(problem)} className="my-0" />}
      <FormField id="forgot-login" label="Username or email" required error={error}>
        <Input
          name="login"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={320}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" pending={ask.isPending}>
        {ask.isPending ? "Sending…" : "Email me a link"}
      </Button>
      <TextLink href={pages.signIn}>Back to sign-in</TextLink>
    </form>
  );
}
