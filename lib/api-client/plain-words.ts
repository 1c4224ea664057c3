// The API's messages name fields by their keys ("externalClientId") and things by their ids
// ("caregiver 12"). A form shows each at its field, in the words of the form's labels.

import type { FieldError } from "./api-fetch";
import { fieldLabels } from "./words";

/** The word for an API field key in a sentence: the form's label, lower case ("external id"). */
const fieldWord = (key: string) =>
  key in fieldLabels ? fieldLabels[key as keyof typeof fieldLabels].toLowerCase() : key;

export type Names = {
  caregivers?: Map<number, string>;
  books?: Map<number, string>;
  designPlans?: Map<number, string>;
};

/** "must not be empty" → "Must not be empty.": a message as a sentence. */
export const sentence = (s: string) => {
  const t = s.trim();
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  // Ends as a sentence already, closing quotes or brackets aside ("…(2 of 3).", «…»).
  return /[.!?…:][\s)"'”’»\]]*$/.test(capital) ? capital : `${capital}.`;
};

// zod's own wordings, which the API passes on for bounds it does not phrase itself.
const ZOD_WORDS: [RegExp, string][] = [
  [/^Too big: expected number to be <=\s*(\S+)$/, "Must be at most $1"],
  [/^Too big: expected number to be <\s*(\S+)$/, "Must be less than $1"],
  [/^Too small: expected number to be >=\s*(\S+)$/, "Must be at least $1"],
  [/^Too small: expected number to be >\s*(\S+)$/, "Must be more than $1"],
  [/^Too big: expected string to have <=\s*(\d+) characters?$/, "At most $1 characters"],
  [/^Too small: expected string to have >=\s*(\d+) characters?$/, "At least $1 characters"],
  [/^Too small: expected array to have >=\s*1 items?$/, "At least one is needed"],
  [/^Too small: expected array to have >=\s*(\d+) items?$/, "At least $1 are needed"],
  [/^Invalid input: expected \w+, received undefined$/, "Required"],
  [/^Invalid input: expected number, received \w+$/, "Must be a number"],
];

/** zod's wording of a bound in plain words ("Must be at most 52"); any other message as it is. */
export function plainBounds(message: string): string {
  const zodWords = ZOD_WORDS.find(([pattern]) => pattern.test(message.trim()));
  return zodWords ? message.trim().replace(zodWords[0], zodWords[1]) : message;
}

/** A message of the API in the words a person reads: field keys and ids become names. */
export function plainWords(message: string, names: Names = {}): string {
  const name = (map: Map<number, string> | undefined, id: string, fallback: string) => map?.get(Number(id)) ?? fallback;
  const text = plainBounds(message)
    .replace(/\bcaregiver (\d+)/g, (_, id: string) => name(names.caregivers, id, "a chosen care provider"))
    .replace(/\bbook (\d+)/g, (_, id: string) => name(names.books, id, "a chosen book"))
    .replace(/\bdesign plan (\d+)/g, (_, id: string) => name(names.designPlans, id, "the chosen design plan"))
    .replace(/\bsession\.(\w+)/g, "$1")
    .replace(/\b[a-z]+[A-Z][A-Za-z]*\b/g, fieldWord);
  return sentence(text);
}

/** "session.bookIdList.1" → "session.bookIdList": the form field a server error belongs to. */
export const fieldOfPath = (path: string) => path.replace(/\.\d+$/, "").replace(/^header\..*/, "root");

// A form sends one Idempotency-Key for its life. The key comes back refused only when the form was
// sent before, its answer lost, and is now sent with other values: the first may have been saved.
const KEY_REUSED =
  "This form was already sent with other values, and its answer was lost: what it sent then may have been saved. Check before you send it again from a new form.";

/** The server's field errors, one message per form field, in plain words. */
export function fieldMessages(errors: FieldError[], names: Names = {}): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of errors) {
    const field = fieldOfPath(e.path);
    const words = e.path === "header.Idempotency-Key" ? KEY_REUSED : plainWords(e.message, names);
    out.set(field, out.has(field) ? `${out.get(field) ?? ""} ${words}` : words);
  }
  return out;
}
