"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useLang } from "@/components/use-lang";
import { useState, type SubmitEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { UsernameInput } from "@/components/auth/username-input";
import { ErrorState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { pages } from "@/lib/api-client/paths";
import { languageCookie } from "@/lib/i18n/language-cookie";
import { formText } from "@/lib/utils";

/** The words of each way a sign-in can fail (next-auth's error codes, and ours). */
const FAILURES = new Map<string, Parameters<ReturnType<typeof useTranslations<"signin">>>[0]>([
  ["CredentialsSignin", "wrong"],
  ["TooManyAttempts", "tooMany"],
  ["SignInUnavailable", "unavailable"],
  ["NoPlatformUser", "noPlatformUser"],
  ["UnverifiedEmail", "unverifiedEmail"],
  ["AmbiguousPlatformUser", "ambiguous"],
  ["AccessDenied", "accessDenied"],
  ["SessionRequired", "sessionRequired"],
]);

export function SignInForm({ callbackUrl, error, hasIdp }: { callbackUrl: string; error?: string; hasIdp: boolean }) {
  const t = useTranslations("signin");
  const lang = useLang();
  const [message, setMessage] = useState(error ? t(FAILURES.get(error) ?? "failed") : "");
  const [busy, setBusy] = useState(false);
  const [empty, setEmpty] = useState<{ username?: string; password?: string }>({});

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    // Said at the field in the page's words: the browser's own bubble speaks the browser's language.
    const missing = {
      username: formText(form, "username").trim() ? undefined : t("usernameEmpty"),
      password: formText(form, "password") ? undefined : t("passwordEmpty"),
    };
    setEmpty(missing);
    const first = missing.username ? "username" : missing.password ? "password" : null;
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
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
    setMessage(t(FAILURES.get(res?.error ?? "") ?? "wrong"));
  }

  return (
    <div className="flex flex-col gap-6">
      {message && <ErrorState error={new Error(message)} className="my-0" />}
      {hasIdp && (
        <>
          <Button
            size="lg"
            className="w-full"
            onClick={() => {
              // The organisation's pages are not ours: a refusal brings the person back to a sign-in
              // page without this page's `?lang=`, which then reads the remembered language.
              document.cookie = languageCookie(lang);
              void signIn("oidc", { callbackUrl });
            }}
          >
            {t("withOrganisation")}
          </Button>
          <p className="text-center text-sm text-muted-foreground">{t("orPassword")}</p>
        </>
      )}
      <form
        method="post"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t("formLabel")}
      >
        <FormField id="username" label={t("username")} plain error={empty.username}>
          <UsernameInput required />
        </FormField>
        <FormField id="password" label={t("password")} plain error={empty.password}>
          <Input name="password" type="password" autoComplete="current-password" required />
        </FormField>
        <TextLink href={pages.forgotPasswordIn(lang)} variant="inline" className="w-fit text-sm">
          {t("forgot")}
        </TextLink>
        <SubmitButton variant="outline" size="lg" className="w-full" pending={busy}>
          {busy ? t("signingIn") : t("submit")}
        </SubmitButton>
      </form>
    </div>
  );
}
