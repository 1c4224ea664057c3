"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { NewPasswordFields, useNewPasswordCheck } from "@/components/auth/new-password-fields";
import { UsernameInput } from "@/components/auth/username-input";
import { toast } from "@/components/ui/sonner";
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
    const found = fieldProblems(InvitationAcceptRequest.safeParse({ token, username, password }));
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
      toast.success(t("ready"));
      const res = await signIn("credentials", { username: created.username, password, redirect: false });
      if (res?.ok && !res.error) router.push(created.role === "CAREGIVER" ? pages.caregiver : pages.homework);
      else setDone(created.username);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setProblem(t("failed"));
        return;
      }
      const byField = Object.fromEntries(
        err.errors
          .filter((e) => e.path === "username" || e.path === "password")
          .map((e) => [e.path, sentence(e.message)]),
      );
      setErrors(byField);
      if (Object.keys(byField).length === 0) setProblem(sentence(err.detail));
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
          <Link href={pages.signIn}>{t("goToSignIn")}</Link>
        </Button>
      </div>
    );
  }

  // Still pending once made, while signing in and going on: the invitation is used up.
  const busy = accept.isPending || accept.isSuccess;
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate className="flex flex-col gap-4" aria-label={t("formLabel")}>
      {problem && <ErrorState error={new Error(problem)} className="my-0" />}
      <FormField id="invite-username" label={t("username")} required hint={t("usernameHint")} error={errors.username}>
        <UsernameInput defaultValue={email} />
      </FormField>
      <NewPasswordFields words="invite" errors={errors} />
      <Button type="submit" size="lg" className="w-full" pending={busy}>
        {busy ? t("saving") : t("save")}
      </Button>
    </form>
  );
}

const FIELDS = ["username", "password", "confirm"] as const;

/** The first message of each of the fields the person typed, as sentences. */
function fieldProblems(checked: ReturnType<typeof InvitationAcceptRequest.safeParse>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = String(issue.path[0]);
    if ((field === "username" || field === "password") && !found[field])
      found[field] = sentence(plainBounds(issue.message));
  }
  return found;
}
