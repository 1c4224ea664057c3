"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the browser hydrates the server's HTML, which must match what the server wrote
 * without the browser's zone or the tab's history; true from the render right after, and in every
 * render that hydrates nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
