// What a session's history entry keeps of a caregiver's review (session-dashboard.tsx): the
// assignment open and the feedback written so far, so that the client's chart, Back and a reload
// find them as they were. Kept in the tab's history, never in the URL (a draft is health data).

/** Feedback on an assignment as written so far, not sent. */
export type Draft = { text: string; score: string };

/**
 * What the session's history entry keeps of a review: the assignment open, drafts by assignment id
 * and the session's own feedback as written; with the session and the assignment the page was
 * opened at, which say whose entry it is.
 */
export type Review = {
  session: number;
  at: number | null;
  open: number | null;
  drafts: Record<string, Draft>;
  /** Absent when nothing is written (and in entries kept before it was). */
  sessionText?: string;
};

/**
 * A field's text kept in a reload's history entry, and what was typed into it before the page's
 * scripts ran and read that entry: both, the kept first, unless they are the same. Typed letters
 * that the kept text happens to hold ("Th" of "The diary") are the start of something new as
 * often as the kept text typed again: they stay.
 */
export function keptWithTyped(kept: string, typed: string): string {
  if (!typed.trim() || typed.trim() === kept.trim()) return kept;
  if (!kept.trim()) return typed;
  return `${kept}\n\n${typed}`;
}

const isDraft = (v: unknown): v is Draft =>
  typeof v === "object" &&
  v !== null &&
  "text" in v &&
  typeof v.text === "string" &&
  "score" in v &&
  typeof v.score === "string";

export const isReviewOrNone = (v: unknown): v is Review | null =>
  v === null ||
  (typeof v === "object" &&
    "session" in v &&
    Number.isSafeInteger(v.session) &&
    "at" in v &&
    (v.at === null || Number.isSafeInteger(v.at)) &&
    "open" in v &&
    (v.open === null || Number.isSafeInteger(v.open)) &&
    "drafts" in v &&
    typeof v.drafts === "object" &&
    v.drafts !== null &&
    Object.values(v.drafts).every(isDraft) &&
    (!("sessionText" in v) || typeof v.sessionText === "string"));
