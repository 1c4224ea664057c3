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
import { FormField } from "@/components/ui/field";
import { NewPasswordFields, useNewPasswordCheck } from "@/components/auth/new-password-fields";
import { UsernameInput } from "@/components/auth/username-input";
import { ErrorState } from "@/components/ui/states";
import { ApiError } from "@/lib/api-client/api-fetch";
import { pages } from "@/lib/api-client/paths";
import { plainBounds, sentence } from "@/lib/api-client/plain-words";
import { InvitationAcceptRequest } from "@/lib/schemas/caregiver";
import { formText } from "@/lib/utils";
import { useAcceptInvitation } from "@/lib/api-client/mutations";

type Props = { token: string; email: string };

/**
 * The invitee chooses a username (their email unless taken) and a password; the token goes in the
 * request body. The person is then signed in on these pages: a care provider to their sessions, a
 * client to their homework.
 */
export function AcceptInvitationForm({ token, email }: Props) {
  const t = useTranslations("invite");
  const lang = useLang();
  const router = useRouter();
  const accept = useAcceptInvitation();
  const check = useNewPasswordCheck("invite");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = new FormData(ev.currentTarget);
    const username = formText(form, "username").trim();
    const password = formText(form, "password");
    setErrors({});
    setProblem("");
    // Every problem the form can see, at once, by the schema the server checks with.
    const found = fieldProblems(InvitationAcceptRequest.safeParse({ token, username, password }), t);
    // The rules the person meets most, in their language; the schema's other words are English.
    Object.assign(found, check(form));
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      setErrors(found);
      document.getElementById(`invite-${first}`)?.focus();
      return;
    }
    try {
      const created = await accept.mutateAsync({ token, username, password });
      const res = await signIn("credentials", { username: created.username, password, redirect: false });
      // Signed in, to their home as a whole page load (sign-in-form.tsx says why); else the
      // username to sign in with.
      if (res?.ok && !res.error) {
        toastAfterLoad(t("ready"));
        window.location.replace(created.role === "CAREGIVER" ? pages.caregiver : pages.homework);
      } else setDone(created.username);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setProblem(t("failed"));
        return;
      }
      // A taken username, the refusal the page cannot foresee, in the person's language.
      const byField = Object.fromEntries(
        err.errors
          .filter((e) => e.path === "username" || e.path === "password")
          .map((e) => [e.path, err.status === 409 && e.path === "username" ? t("usernameTaken") : sentence(e.message)]),
      );
      setErrors(byField);
      const first = FIELDS.find((f) => byField[f]);
      if (first) {
        document.getElementById(`invite-${first}`)?.focus();
        return;
      }
      // Anything else in the person's words: a used or expired link is said by the page drawn again.
      setProblem(err.status === 429 ? t("tooMany") : t("failed"));
      // Used, replaced or expired meanwhile: the page, drawn again, says which in their language.
      if (err.status === 404 || err.status === 409) router.refresh();
    }
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p>
          {t.rich("readyUsername", {
            username: done,
            b: (chunks) => <strong className="break-all">{chunks}</strong>,
          })}
        </p>
        <Button asChild className="w-fit">
          <Link href={pages.signInIn(lang)}>{t("goToSignIn")}</Link>
        </Button>
      </div>
    );
  }

  // Still pending once made, while signing in and going on: the invitation is used up.
  const busy = accept.isPending || accept.isSuccess;
  return (
    <form
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t("formLabel")}
    >
      {problem && <ErrorState error={new Error(problem)} className="my-0" />}
      <FormField id="invite-username" label={t("username")} required hint={t("usernameHint")} error={errors.username}>
        <UsernameInput defaultValue={email} />
      </FormField>
      <NewPasswordFields words="invite" errors={errors} />
      <SubmitButton size="lg" className="w-full" pending={busy}>
        {busy ? t("saving") : t("save")}
      </SubmitButton>
    </form>
  );
}

const FIELDS = ["username", "password", "confirm"] as const;

type Checked = ReturnType<typeof InvitationAcceptRequest.safeParse>;
type Issue = NonNullable<Checked["error"]>["issues"][number];
type InviteWords = ReturnType<typeof useTranslations<"invite">>;

/** The first message of each of the fields the person typed, as sentences. */
function fieldProblems(checked: Checked, t: InviteWords): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = String(issue.path[0]);
    if ((field === "username" || field === "password") && !found[field])
      found[field] = (field === "username" && usernameWords(issue, t)) || sentence(plainBounds(issue.message));
  }
  return found;
}

/**
 * The username's rules an invitee may break, in their language (the schema's own words are
 * English); none for the rarer ones (a NUL character), which keep the schema's.
 */
function usernameWords(issue: Issue, t: InviteWords): string | null {
  switch (issue.code) {
    case "too_small":
      return t("usernameEmpty");
    case "too_big":
      return t("usernameLong", { max: Number(issue.maximum) });
    case "invalid_format":
      return t("usernameChars");
    case "custom":
      return issue.params?.rule === "sso" ? t("usernameSso") : null;
    default:
      return null;
  }
}
