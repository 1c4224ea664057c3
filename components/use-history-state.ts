"use client";

import { useCallback, useSyncExternalStore } from "react";

const SLOT = "kept";

type Kept = Record<string, unknown>;

const written = new Set<() => void>();

function subscribe(onChange: () => void) {
  written.add(onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    written.delete(onChange);
    window.removeEventListener("popstate", onChange);
  };
}

function keptOf(state: unknown): Kept {
  if (typeof state !== "object" || state === null || !(SLOT in state)) return {};
  const kept: unknown = (state as Record<typeof SLOT, unknown>)[SLOT];
  return typeof kept === "object" && kept !== null ? (kept as Kept) : {};
}

// A snapshot must stay the same object while its content does, and a browser may hand out a fresh
// copy of the entry's state on each read.
const snapshots = new Map<string, { json: string; value: unknown }>();

function snapshotOf(name: string): unknown {
  const kept = keptOf(window.history.state)[name];
  const json = kept === undefined ? "" : JSON.stringify(kept);
  const last = snapshots.get(name);
  if (last?.json === json) return last.value;
  snapshots.set(name, { json, value: kept });
  return kept;
}

const onServer = () => undefined;

/** A kept page number: what a list's `isPlace` checks its page with. */
export const isPageNumber = (v: unknown): v is number => Number.isSafeInteger(v) && Number(v) >= 0;

/**
 * A list's place (its search, filters and page) kept in the tab's history entry: Back to the list,
 * or a reload of it, finds it as the person left it, while a link to the list opens it afresh.
 * Not in the URL: a search may name a client, and a URL reaches the browser's history, the server's
 * logs and the next page's Referer; an entry's state stays in its tab.
 *
 * Next.js keeps the rest of an entry's state: its replaceState wrapper copies its own keys into the
 * data given, and a traversal (Back, Forward) preserves what it finds. The server's render (and
 * so the hydration) has no history, and shows `initial`.
 */
export function useHistoryState<T>(name: string, initial: T, isPlace: (v: unknown) => v is T) {
  const kept = useSyncExternalStore(subscribe, () => snapshotOf(name), onServer);
  const value = isPlace(kept) ? kept : initial;
  const setValue = useCallback(
    (next: T) => {
      const state: unknown = window.history.state;
      const base = typeof state === "object" && state !== null ? state : {};
      window.history.replaceState({ ...base, [SLOT]: { ...keptOf(state), [name]: next } }, "");
      for (const onChange of written) onChange();
    },
    [name],
  );
  return [value, setValue] as const;
}
