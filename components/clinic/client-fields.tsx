"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { WordOptions } from "@/components/word-options";
import { clientStatusWords, fieldLabels, languageWords } from "@/lib/api-client/words";

/** A client's own details, as creating and editing a client both ask for them. */
export type ClientField = "name" | "email" | "mobile" | "externalClientId" | "language" | "status";

/**
 * The client's detail fields. Each form registers its own typed paths (and how it reads an empty
 * optional box), so the fields stay free of any one form's values.
 */
export function ClientFields({
  register,
  errors,
  statusHint,
}: {
  register: (field: ClientField) => UseFormRegisterReturn;
  errors: Partial<Record<ClientField, { message?: string }>>;
  statusHint?: string;
}) {
  return (
    <>
      <FormField id="name" label={fieldLabels.name} required error={errors.name?.message}>
        <Input {...register("name")} autoComplete="off" />
      </FormField>
      <FormField id="email" label={fieldLabels.email} required error={errors.email?.message}>
        <Input {...register("email")} type="email" autoComplete="off" />
      </FormField>
      <FormField
        id="mobile"
        label={fieldLabels.mobile}
        hint="For example +31 6 1234 5678."
        error={errors.mobile?.message}
      >
        <Input {...register("mobile")} type="tel" />
      </FormField>
      <FormField
        id="externalClientId"
        label={fieldLabels.externalClientId}
        hint="Your own system's id for the client."
        error={errors.externalClientId?.message}
      >
        <Input {...register("externalClientId")} />
      </FormField>
      <FormField
        id="language"
        label={fieldLabels.language}
        plain
        hint="The client's pages and emails, and the titles of sessions scheduled without one."
        error={errors.language?.message}
      >
        <NativeSelect {...register("language")}>
          <WordOptions words={languageWords} />
        </NativeSelect>
      </FormField>
      <FormField id="status" label={fieldLabels.status} plain hint={statusHint} error={errors.status?.message}>
        <NativeSelect {...register("status")}>
          <WordOptions words={clientStatusWords} />
        </NativeSelect>
      </FormField>
    </>
  );
}
