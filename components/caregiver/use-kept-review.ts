"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { isReviewOrNone, keptWithTyped, type Draft, type Review } from "@/components/caregiver/kept-review";
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
 * `entryRead` turns true on the render after the hydration (and is true from the first render of
 * a page the browser drew itself): the server's render had no history, so the fields that were
 * drawn then take their drafts from the entry then (`useDraftRestoredInPlace`), beside what was
 * typed in them before. `restored` is true from then if the entry had a review.
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
  // take, not the render's. Set before the forms' effects run, so that a form taking in a reload's
  // draft (useDraftRestoredInPlace) keeps it beside the restored review, not the one before.
  const kept = useRef(state);
  useLayoutEffect(() => {
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
    entryRead: restore !== "waiting",
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

/**
 * A feedback form that the server drew, and the browser hydrated, before the tab's history entry
 * was read (`entryRead` turned true while it was there): its fields take their drafts then, in
 * place, beside what was typed in them meanwhile (on a phone, the seconds before the page's scripts
 * ran), and the focus stays where it is. Drawing the form again from the draft lost both, and
 * with nothing kept what was typed reached the entry only at the next keystroke
 * (docs/RELIABILITY.md). `onTaken` keeps the fields as they are then, when they hold more than the
 * draft. The form's ref.
 */
export function useDraftRestoredInPlace(
  entryRead: boolean,
  draft: Readonly<Record<string, string>> | undefined,
  onTaken: (form: HTMLFormElement) => void,
) {
  const form = useRef<HTMLFormElement>(null);
  // A form first drawn after the entry was read started from its draft.
  const [drawnBefore] = useState(!entryRead);
  const taken = useRef(false);
  useEffect(() => {
    if (!entryRead || !drawnBefore || taken.current || !form.current) return;
    taken.current = true;
    if (takenIn(form.current, draft ?? {})) onTaken(form.current);
  }, [entryRead, drawnBefore, draft, onTaken]);
  return form;
}

/** The draft put into the form's fields beside what they hold; whether they hold more than it. */
function takenIn(form: HTMLFormElement, draft: Readonly<Record<string, string>>): boolean {
  let more = false;
  for (const field of form.elements) {
    if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) || !field.name) continue;
    const kept = draft[field.name] ?? "";
    const typed = field.value;
    // One line (the score) is what was typed, if anything; a text is both.
    const both = field instanceof HTMLTextAreaElement ? keptWithTyped(kept, typed) : typed.trim() ? typed : kept;
    if (typed !== both) field.value = both;
    if (both !== kept) more = true;
  }
  return more;
}
