import { useEffect } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";

/**
 * Keeps an edit form on its record as last read (after a save, a colleague's change, the page
 * read again when its tab comes back): each new reading replaces the fields this person has not
 * changed, and what they typed and have not saved stays. Remounting the form on a new reading
 * lost that typing.
 */
export function useFormFollows<T extends FieldValues>(form: UseFormReturn<T>, values: DefaultValues<T>) {
  const read = JSON.stringify(values);
  useEffect(() => {
    form.reset(JSON.parse(read) as DefaultValues<T>, { keepDirtyValues: true });
  }, [form, read]);
}
