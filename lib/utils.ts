import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** shadcn/ui's class joiner: later Tailwind classes win over earlier ones of the same property. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** A text field of a submitted form ("" when absent or a file). */
export function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** An emptied optional field removes its value (the API's null), rather than leaving it unchanged. */
export const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === "" ? null : v);

/** A form's optional text field: null when left empty (an optional name the API takes as null). */
export const formOptionalText = (form: FormData, name: string) => blankToNull(formText(form, name));

/**
 * The fields of `now` that differ from `before` (an absent one is no change), and only those: what an
 * edit form sends, so that a page opened before a colleague's change does not send back the values
 * it loaded over theirs. Null when nothing changed.
 */
export function changedFields<T extends object>(before: Record<keyof T, unknown>, now: T): Partial<T> | null {
  const changes: Partial<T> = {};
  let any = false;
  for (const key in now)
    if (now[key] !== undefined && now[key] !== before[key]) {
      changes[key] = now[key];
      any = true;
    }
  return any ? changes : null;
}
