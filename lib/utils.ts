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

/** A form's optional text field: null when left empty (an optional name the API takes as null). */
export function formOptionalText(form: FormData, name: string): string | null {
  const v = formText(form, name);
  return v.trim() === "" ? null : v;
}
