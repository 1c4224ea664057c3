"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useLang } from "@/components/use-lang";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { toastAfterLoad } from "@/components/ui/sonner";
import { NewPasswordFields, useNewPasswordCheck, type NewPasswordErrors } from "@/components/auth/new-password-fields";
import { ErrorState } from "@/components/ui/states";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useResetPassword } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { sentence } from "@/lib/api-client/plain-words";
import { formText } from "@/lib/utils";

/**
 * The new password, twice; the token goes in the request body. The person is then signed in with
 * it and goes to their own home page (every session of the old password ended with the change).
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("reset");
  const lang = useLang();
  const router = useRouter();
  const reset = useResetPassword();
  const check = useNewPasswordCheck("reset");
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [problem, setProblem] = useState("");
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = new FormData(ev.currentTarget);
    const password = formText(form, "password");
    setErrors({});
    setProblem("");
    const found = check(form);
    const first = (["password", "confirm"] as const).find((f) => found[f]);
    if (first) {
      setErrors(found);
      document.getElementById(`reset-${first}`)?.focus();
      return;
    }
    try {
      const changed = await reset.mutateAsync({ token, password });
      const res = await signIn("credentials", { username: changed.username, password, redirect: false });
      // Signed in, home as a whole page load (sign-in-form.tsx says why); else the username to sign in with.
      if (res?.ok && !res.error) {
        toastAfterLoad(t("saved"));
        window.location.replace(pages.home);
      } else setDone(changed.username);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setProblem(t("failed"));
        return;
      }
      const atPassword = err.errors.find((e) => e.path === "password");
      if (atPassword) setErrors({ password: sentence(atPassword.message) });
      // Anything else in the person's words: a used or expired link is said by the page drawn again.
      else setProblem(err.status === 429 ? t("tooMany") : t("failed"));
      // Used, replaced or expired meanwhile: the page, drawn again, says which in their language.
      if (!atPassword && (err.status === 404 || err.status === 409)) router.refresh();
    }
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p>
          {t.rich("savedSignIn", { username: done, b: (chunks) => <strong className="break-all">{chunks}</strong> })}
        </p>
        <Button asChild className="w-fit">
          <Link href={pages.signInIn(lang)}>{t("goToSignIn")}</Link>
        </Button>
      </div>
    );
  }

  // Still pending once changed, while signing in and going on: the link is used up.
  const busy = reset.isPending || reset.isSuccess;
  return (
    <form
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t("formLabel")}
    >
      {problem && <ErrorState error={new Error(problem)} className="my-0" />}
      <NewPasswordFields words="reset" errors={errors} />
      <SubmitButton size="lg" className="w-full" pending={busy}>
        {busy ? t("saving") : t("save")}
      </SubmitButton>
    </form>
  );
}
