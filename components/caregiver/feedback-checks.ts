// The feedback forms' own checks (an assignment's and the session's), before and after sending.
import type { Draft } from "@/components/caregiver/kept-review";
import { ApiError } from "@/lib/api-client/api-fetch";
import { fieldMessages } from "@/lib/api-client/plain-words";
import { formText } from "@/lib/utils";

/**
 * What the API would refuse in a feedback (AssignmentFeedbackRequest, SessionFeedbackRequest: a text
 * of 1 to 5,000 characters once trimmed, a score from 0 to 100,000), said at its field before
 * anything is sent, as the other forms do: the browser's own bubbles vanish, in its language.
 */
export function feedbackMisfits(text: string, score = "", scoreUnreadable = false): Map<string, string> {
  const misfits = new Map<string, string>();
  const written = text.trim();
  if (written === "") misfits.set("text", "Write your feedback before you send it.");
  else if (written.length > 5000)
    misfits.set("text", `Your feedback is ${written.length.toLocaleString("en")} characters long; the most is 5,000.`);
  const n = Number(score);
  // A number field holds "" for text it cannot read as a number ("1e", "abc"): not a score left out.
  if (scoreUnreadable || (score !== "" && !(Number.isFinite(n) && n >= 0 && n <= 100_000)))
    misfits.set("score", "The score is a number from 0 to 100,000.");
  return misfits;
}

/** The feedback written in a feedback form, or null when nothing is. */
export function writtenIn(form: HTMLFormElement): Draft | null {
  const f = new FormData(form);
  const written = { text: formText(f, "text"), score: formText(f, "score") };
  return written.text || written.score ? written : null;
}

/** Holds a feedback back when it misfits: says why at each field and moves the focus to the first. */
export function heldBack(form: HTMLFormElement, misfits: Map<string, string>) {
  const [first] = misfits.keys();
  if (first === undefined) return false;
  form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  return true;
}

/** The API's field errors of a feedback form at their fields; anything else is shown above the buttons. */
export function formErrors(error: unknown, fields: string[]) {
  const at = error instanceof ApiError ? fieldMessages(error.errors) : new Map<string, string>();
  const allAtFields = at.size > 0 && [...at.keys()].every((k) => fields.includes(k));
  return { at, other: allAtFields ? null : error };
}
