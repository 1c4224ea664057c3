import type { ComponentProps } from "react";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** The optional name a French-speaking client reads (a book's, a module's or a design plan's `nameFr`). */
export function FrenchNameField({
  id,
  error,
  hint = "What clients whose language is French read. Left empty, they read the name above.",
  ...input
}: { id: string; error?: string; hint?: string } & Omit<ComponentProps<typeof Input>, "id">) {
  return (
    <FormField id={id} label="Name in French" hint={hint} error={error}>
      <Input lang="fr" autoComplete="off" {...input} />
    </FormField>
  );
}
