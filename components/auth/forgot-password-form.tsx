"use client";

import { useTranslations } from "next-intl";
import { useLang } from "@/components/use-lang";
import { useState, type SubmitEvent } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ErrorState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useRequestPasswordReset } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { formText } from "@/lib/utils";

/**
 * A username or an email, and a link by email to choose a new password. The page says the same
 * whether anyone matched: what it says is what to do next, not who has an account. Its words are
 * the `forgot` messages of the page's language.
 */
export function ForgotPasswordForm() {
  const t = useTranslations("forgot");
  const lang = useLang();
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
      setError(t("loginEmpty"));
      document.getElementById("forgot-login")?.focus();
      return;
    }
    try {
      await ask.mutateAsync({ login });
      setAsked(login);
    } catch (err) {
      setProblem(err instanceof ApiError && err.status === 429 ? t("tooMany") : t("failed"));
    }
  }

  if (asked) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p>{t.rich("sent", { login: asked, b: (chunks) => <strong className="break-all">{chunks}</strong> })}</p>
        <p className="text-sm text-muted-foreground">{t("sentHelp")}</p>
        <TextLink href={pages.signInIn(lang)}>{t("back")}</TextLink>
      </div>
    );
  }

  return (
    <form
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t("formLabel")}
    >
      {problem && <ErrorState error={new Error(problem)} className="my-0" />}
      <FormField id="forgot-login" label={t("login")} required error={error}>
        <Input
          name="login"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={320}
        />
      </FormField>
      <SubmitButton size="lg" className="w-full" pending={ask.isPending}>
        {ask.isPending ? t("sending") : t("send")}
      </SubmitButton>
      <TextLink href={pages.signInIn(lang)}>{t("back")}</TextLink>
    </form>
  );
}
