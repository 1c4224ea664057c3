"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/**
 * The English and French text of one row's field (an option's label, a band's label, an alert's
 * message) as two cells of that row: "Label (English)", "Label (French)". The French one is
 * `lang="fr"`, so that a screen reader reads what is typed there in a French voice.
 */
export function LocalTextInputs({
  id,
  label,
  en,
  fr,
}: {
  id: (lang: "en" | "fr") => string;
  label: string;
  en: UseFormRegisterReturn;
  fr: UseFormRegisterReturn;
}) {
  return (
    <>
      <FormField id={id("en")} label={`${label} (English)`} plain>
        <Input {...en} autoComplete="off" />
      </FormField>
      <FormField id={id("fr")} label={`${label} (French)`} plain>
        <Input lang="fr" {...fr} autoComplete="off" />
      </FormField>
    </>
  );
}
