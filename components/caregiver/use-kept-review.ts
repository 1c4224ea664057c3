"use client";

import { useEffect, useRef, useState } from "react";
import { isReviewOrNone, type Draft, type Review } from "@/components/caregiver/kept-review";
import { useHistoryState } from "@/components/use-history-state";
import { useHydrated } from "@/components/use-hydrated";

/** The review as the page holds it: the assignment open and the feedback written, not yet sent. */
type Kept = { open: number | undefined; drafts: ReadonlyMap<number, Draft>; sessionText: string };

const keptFrom = (review: Review | null, openAssignment: number | undefined): Kept =>
  review
    ? {
        open: review.open ?? undefined,
        drafts: new Map(Object.entries(review.drafts).map(([k, d]) => [Number(k), d])),
        sessionText: review.sessionText ?? "",
      }
    : { open: openAssignment, drafts: new Map(), sessionText: "" };

/**
 * The assignment open and the feedback being written on a session's dashboard, kept in the tab's
 * history entry too, so that the client's page (its measures' chart, which a review reads before
 * writing), Back and a reload find them as they were: all three lost them (found by reviews as a
 * caregiver with a caseload). Not in the URL, as a list's place is not (docs/ui.md, "Long lists"):
 * what is written is health data.
 *
 * `restored` turns true once, on the render after the hydration of a reload whose entry has a
 * review: the server's render had no history, so the fields that were drawn then must be drawn
 * again from it. Someone quick enough to type in them before then loses that to the draft kept
 * (docs/RELIABILITY.md).
 */
export function useKeptReview(id: number, openAssignment: number | undefined) {
  const [entry, keepReview] = useHistoryState<Review | null>("review", null, isReviewOrNone);
  // The entry's, if it is this page's: Next.js adds a link's entry after the new page's first
  // render, which reads the entry of the page it came from (the next feedback due's dashboard is
  // reached from another's).
  const arrivedAt = openAssignment ?? null;
  const review = entry?.session === id && entry.at === arrivedAt ? entry : null;
  // The server's render, and so the hydration, had no history: the entry is readable after it.
  const readable = useHydrated();
  const [state, setState] = useState(() => keptFrom(review, openAssignment));
  const [restore, setRestore] = useState<"waiting" | "none" | "done">(readable ? "none" : "waiting");
  if (restore === "waiting" && readable) {
    setRestore(review ? "done" : "none");
    if (review) setState(keptFrom(review, openAssignment));
  }
  // What the entry is written from: the latest, which a write waiting for a pause in typing must
  // take, not the render's.
  const kept = useRef(state);
  useEffect(() => {
    kept.current = state;
  }, [state]);
  const writeTimer = useRef<number | undefined>(undefined);
  // A write still waiting when the page is left would land in the next page's entry.
  useEffect(
    () => () => {
      window.clearTimeout(writeTimer.current);
    },
    [],
  );
  // Into the entry at once, or after a pause in typing: browsers refuse a burst of history writes
  // (Safari, a hundred in thirty seconds), and a keystroke each would reach it.
  const change = (next: Kept, now: boolean) => {
    kept.current = next;
    setState(next);
    window.clearTimeout(writeTimer.current);
    const write = () => {
      const k = kept.current;
      keepReview({
        session: id,
        at: arrivedAt,
        open: k.open ?? null,
        drafts: Object.fromEntries(k.drafts),
        ...(k.sessionText ? { sessionText: k.sessionText } : {}),
      });
    };
    if (now) write();
    else writeTimer.current = window.setTimeout(write, 300);
  };
  return {
    ...state,
    restored: restore === "done",
    setOpen: (open: number | undefined) => {
      change({ ...kept.current, open }, true);
    },
    /** Feedback on an assignment as written (null: none left, sent or discarded). */
    keepDraft: (assignmentId: number, draft: Draft | null, now: boolean) => {
      const drafts = new Map(kept.current.drafts);
      if (draft) drafts.set(assignmentId, draft);
      else drafts.delete(assignmentId);
      change({ ...kept.current, drafts }, now);
    },
    /** Feedback on the whole session as written ("": none left). */
    keepSessionText: (sessionText: string, now: boolean) => {
      change({ ...kept.current, sessionText }, now);
    },
  };
}
