// What a session's history entry keeps of a caregiver's review (session-dashboard.tsx): the
// assignment open and the feedback written so far, so that the client's chart and Back find them
// as they were. Kept in the tab's history, never in the URL (a draft is health data).

/** Feedback on an assignment as written so far, not sent. */
export type Draft = { text: string; score: string };

/**
 * What the session's history entry keeps of a review: the assignment open, and drafts by assignment
 * id; with the session and the assignment the page was opened at, which say whose entry it is.
 */
export type Review = { session: number; at: number | null; open: number | null; drafts: Record<string, Draft> };

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
    Object.values(v.drafts).every(isDraft));
