"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useAutosave } from "@/lib/api-client/mutations";

export type SaveState = "idle" | "saving" | "saved" | "failed";

/** How long typing may pause before the changes go to the server. */
const DEBOUNCE_MS = 800;

type Options = {
  assignmentId: number;
  /** The value sent for a changed answer (an emptied answer's value by its question type). */
  toWire: (key: string, value: unknown) => unknown;
  /**
   * A refused save: the error and the question keys it carried, in the order sent; answers the keys
   * the server named as refused (none when it named no question).
   */
  onRefused: (error: unknown, sent: string[]) => string[];
};

/**
 * Every change saved, debounced: changes wait until typing pauses, one save is in flight at a time
 * and the changes made meanwhile follow it. `state` is what the page shows (saving, saved, failed);
 * a failed save keeps its changes for the next attempt (`retry`, or any further change). An answer
 * the server named as refused is held back until it changes, and the rest of its save is sent again
 * at once: one number out of range must not keep a paragraph of text from being saved. Changes
 * not yet sent when the page is left go at once (the request outlives the page), and the browser
 * asks before a reload or close would drop them.
 */
export function useAutosaver({ assignmentId, toWire, onRefused }: Options) {
  const mutation = useAutosave(assignmentId);
  const [state, setState] = useState<SaveState>("idle");
  const pending = useRef(new Map<string, unknown>());
  // Pending answers the server refused: not sent again until changed (or `retry`).
  const refusedKeys = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);
  const latest = useRef({ mutation, toWire, onRefused });
  useEffect(() => {
    latest.current = { mutation, toWire, onRefused };
  });

  const send = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    for (;;) {
      const batch = new Map([...pending.current].filter(([k]) => !refusedKeys.current.has(k)));
      if (batch.size === 0) return;
      for (const k of batch.keys()) pending.current.delete(k);
      const sent = [...batch.keys()];
      const { mutation: m, toWire: wire, onRefused: refused } = latest.current;
      setState("saving");
      const run = m
        .mutateAsync(sent.map((questionKey) => ({ questionKey, value: wire(questionKey, batch.get(questionKey)) })))
        .then(
          () => {
            const unsent = pending.current.size > refusedKeys.current.size;
            setState(unsent ? "saving" : refusedKeys.current.size ? "failed" : "saved");
            return false;
          },
          (error: unknown) => {
            // Kept for the next attempt, unless changed again meanwhile; not retried by itself, as the
            // same answers would be refused again.
            for (const [k, v] of batch) if (!pending.current.has(k)) pending.current.set(k, v);
            setState("failed");
            const named = refused(error, sent).filter((k) => batch.has(k));
            for (const k of named) refusedKeys.current.add(k);
            // The others were refused only for the company they were sent in: they go again now.
            return named.length > 0 && named.length < batch.size;
          },
        );
      // Changes made while this save is on its way have their own timer: their send waits for this one.
      inFlight.current = run.then(() => undefined);
      const again = await run;
      inFlight.current = null;
      if (!again) return;
    }
  }, []);

  const change = useCallback(
    (key: string, value: unknown) => {
      pending.current.set(key, value);
      refusedKeys.current.delete(key);
      setState("saving");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), DEBOUNCE_MS);
    },
    [send],
  );

  /**
   * An answer the page itself finds the server would refuse: kept as the latest change of its
   * question (an earlier value still waiting is not sent in its place), sent only by `retry`.
   */
  const hold = useCallback((key: string, value: unknown) => {
    pending.current.set(key, value);
    refusedKeys.current.add(key);
    if (!inFlight.current) setState(pending.current.size > refusedKeys.current.size ? "saving" : "failed");
  }, []);

  /** Everything not saved sent again, the answers refused before with it. */
  const retry = useCallback(async () => {
    refusedKeys.current.clear();
    await send();
  }, [send]);

  /** The questions changed here and not sent yet: waiting, or held back. */
  const unsent = useCallback(() => new Set(pending.current.keys()), []);

  /** Before submitting: nothing more is saved, and the save in flight has ended. */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current.clear();
    refusedKeys.current.clear();
    if (inFlight.current) await inFlight.current;
  }, []);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (pending.current.size || inFlight.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    const changes = pending.current;
    return () => {
      window.removeEventListener("beforeunload", warn);
      // Leaving the page within the app: what is not saved yet goes now.
      clearTimeout(timer.current);
      if (changes.size) void send();
    };
  }, [send]);

  return { state, change, hold, retry, settle, flush: send, unsent };
}
