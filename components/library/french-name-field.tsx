import type { ComponentProps } from "react";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** The optional name a French-speaking client reads (a book's or a module's `nameFr`). */
export function FrenchNameField({
  id,
  error,
  ...input
}: { id: string; error?: string } & Omit<ComponentProps<typeof Input>, "id">) {
  return (
    <FormField
      id={id}
      label="Name in French"
      hint="What clients whose language is French read. Left empty, they read the name above."
      error={error}
    >
      <Input lang="fr" autoComplete="off" {...input} />
    </FormField>
  );
}
