"use client";

import { useTranslations } from "next-intl";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { MIN_PASSWORD } from "@/lib/schemas/caregiver";
import { formText } from "@/lib/utils";

/** The forms where a person chooses a password; each namespace has the same words for it. */
type Words = "invite" | "reset";

export type NewPasswordErrors = Partial<Record<"password" | "confirm", string>>;

/** The new password and its repetition, `<words>-password` and `<words>-confirm`. */
export function NewPasswordFields({ words, errors }: { words: Words; errors: NewPasswordErrors }) {
  const t = useTranslations(words);
  return (
    <>
      <FormField
        id={`${words}-password`}
        label={t("password")}
        required
        hint={t("passwordHint", { min: MIN_PASSWORD })}
        error={errors.password}
      >
        <Input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD} />
      </FormField>
      <FormField id={`${words}-confirm`} label={t("confirm")} required error={errors.confirm}>
        <Input name="confirm" type="password" autoComplete="new-password" />
      </FormField>
    </>
  );
}

/**
 * What the form can tell of the new password before sending it, in the person's language: too
 * short, or the two differ.
 */
export function useNewPasswordCheck(words: Words): (form: FormData) => NewPasswordErrors {
  const t = useTranslations(words);
  return (form) => {
    const password = formText(form, "password");
    const found: NewPasswordErrors = {};
    if (password.length < MIN_PASSWORD) found.password = t("passwordShort", { min: MIN_PASSWORD });
    if (password !== formText(form, "confirm")) found.confirm = t("differ");
    return found;
  };
}
