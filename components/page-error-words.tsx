"use client";

import { createContext, use, type ReactNode } from "react";

/** The words of the page shown when a page fails to render (app/error.tsx), in the reader's language. */
export type PageErrorWords = { title: string; body: string; reference: string; tryAgain: string; home: string };

// Given by the root layout, which knows the reader: the error page is drawn in the browser, where
// neither the session nor the messages files are.
const Words = createContext<PageErrorWords | null>(null);

export function PageErrorWordsProvider({ words, children }: { words: PageErrorWords; children: ReactNode }) {
  return <Words value={words}>{children}</Words>;
}

export function usePageErrorWords(): PageErrorWords {
  const words = use(Words);
  if (!words) throw new Error("usePageErrorWords outside the root layout's PageErrorWordsProvider");
  return words;
}
