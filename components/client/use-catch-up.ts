"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { Answers } from "@/components/modules/module-renderer";
import { queries } from "@/lib/api-client/queries";
import { isAnswered } from "@/lib/modules/unanswered";

type Options = {
  assignmentId: number;
  answers: Answers;
  setAnswers: (update: (prev: Answers) => Answers) => void;
  /** Whether the work can still change: finished work has nothing to catch up on, and is not read again. */
  enabled: boolean;
  /** The page's saver (use-autosave.ts): what it has not sent yet stays as this page has it. */
  saver: { flush: () => Promise<void>; unsent: () => Set<string> };
};

/** Two values alike to the client: the same answer, or both unanswered (empty text, no choice, null). */
const alike = (a: unknown, b: unknown) =>
  isAnswered(a) === isAnswered(b) && (!isAnswered(a) || JSON.stringify(a) === JSON.stringify(b));

/**
 * The answers another tab, window or device saved since this page read them, taken in: when the
 * client comes back to this page, and before a submit (`catchUp`, which says whether it took any).
 * Saves go per question, so the server holds the last answer written to each, from wherever; this
 * page sends what it has not sent yet, reads the assignment again and shows the server's answer for
 * every question it did not change meanwhile. A submit that sent this page's answers alone would
 * replace the other tab's with nothing. The read afresh also brings a submit or closing made
 * elsewhere: the page then shows the homework as it is.
 */
export function useCatchUp({ assignmentId, answers, enabled, setAnswers, saver: { flush, unsent } }: Options) {
  const queryClient = useQueryClient();
  const shown = useRef(answers);
  // The questions changed while the read is on its way: the answers read may be older than these.
  const changedDuringRead = useRef<Set<string> | null>(null);
  useEffect(() => {
    shown.current = answers;
  });

  // One catch-up at a time: a second asked meanwhile (the window focused during a submit) gets the
  // first one's answer, so an answer the first took in is not missed by the second.
  const running = useRef<Promise<boolean> | null>(null);

  const run = useCallback(async (): Promise<boolean> => {
    // From before the flush: a change typed while it is sent may be saved only after the read.
    const changed = new Set<string>();
    changedDuringRead.current = changed;
    try {
      await flush();
      const fresh = await queryClient.query({ ...queries.ownAssignment(assignmentId), staleTime: 0 });
      const theirs: Answers = Object.fromEntries(fresh.answers.map((x) => [x.questionKey, x.value]));
      const mine = new Set([...unsent(), ...changed]);
      const taken = Object.fromEntries(
        [...new Set([...Object.keys(shown.current), ...Object.keys(theirs)])]
          .filter((key) => !mine.has(key) && !alike(shown.current[key], theirs[key]))
          .map((key) => [key, theirs[key]]),
      );
      if (Object.keys(taken).length === 0) return false;
      setAnswers((prev) => ({ ...prev, ...taken }));
      return true;
    } finally {
      changedDuringRead.current = null;
    }
  }, [assignmentId, queryClient, flush, unsent, setAnswers]);

  const catchUp = useCallback((): Promise<boolean> => {
    running.current ??= run().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [run]);

  useEffect(() => {
    if (!enabled) return;
    const onReturn = () => {
      if (document.visibilityState !== "visible") return;
      // Not read: the save status already says when the server cannot be reached.
      catchUp().catch(() => false);
    };
    document.addEventListener("visibilitychange", onReturn);
    window.addEventListener("focus", onReturn);
    return () => {
      document.removeEventListener("visibilitychange", onReturn);
      window.removeEventListener("focus", onReturn);
    };
  }, [catchUp, enabled]);

  /** A change made on this page: kept over an answer read while it was made. */
  const noteChange = useCallback((key: string) => {
    changedDuringRead.current?.add(key);
  }, []);

  /** The answers as the page shows them now (a submit sends these, not those of its first render). */
  const latest = useCallback(() => shown.current, []);

  return { catchUp, noteChange, latest };
}
