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
  /** A refused save: the error and the question keys it carried, in the order sent. */
  onRefused: (error: unknown, sent: string[]) => void;
};

/**
 * Every change saved, debounced: changes wait until typing pauses, one save is in flight at a time
 * and the changes made meanwhile follow it. `state` is what the page shows (saving, saved, failed);
 * a failed save keeps its changes for the next attempt (`retry`, or any further change). Changes
 * not yet sent when the page is left go at once (the request outlives the page), and the browser
 * asks before a reload or close would drop them.
 */
export function useAutosaver({ assignmentId, toWire, onRefused }: Options) {
  const mutation = useAutosave(assignmentId);
  const [state, setState] = useState<SaveState>("idle");
  const pending = useRef(new Map<string, unknown>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);
  const latest = useRef({ mutation, toWire, onRefused });
  useEffect(() => {
    latest.current = { mutation, toWire, onRefused };
  });

  const send = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    if (pending.current.size === 0) return;
    const batch = new Map(pending.current);
    pending.current.clear();
    const sent = [...batch.keys()];
    const { mutation: m, toWire: wire, onRefused: refused } = latest.current;
    setState("saving");
    const run = m
      .mutateAsync(sent.map((questionKey) => ({ questionKey, value: wire(questionKey, batch.get(questionKey)) })))
      .then(
        () => {
          setState(pending.current.size ? "saving" : "saved");
        },
        (error: unknown) => {
          // Kept for the next attempt, unless changed again meanwhile; not retried by itself, as the
          // same answers would be refused again.
          for (const [k, v] of batch) if (!pending.current.has(k)) pending.current.set(k, v);
          setState("failed");
          refused(error, sent);
        },
      );
    // Changes made while this save is on its way have their own timer: their send waits for this one.
    inFlight.current = run.then(() => undefined);
    await run;
    inFlight.current = null;
  }, []);

  const change = useCallback(
    (key: string, value: unknown) => {
      pending.current.set(key, value);
      setState("saving");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), DEBOUNCE_MS);
    },
    [send],
  );

  /** Before submitting: nothing more is saved, and the save in flight has ended. */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current.clear();
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

  return { state, change, retry: send, settle };
}
