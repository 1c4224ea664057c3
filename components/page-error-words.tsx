"use client";

import { createContext, use, type ReactNode } from "react";
import { useDocumentLanguage } from "@/components/document-language";
import type { Lang } from "@/lib/schemas/module-definition";

/** The words of the page shown when a page fails to render (app/error.tsx), in the reader's language. */
export type PageErrorWords = { title: string; body: string; reference: string; tryAgain: string; home: string };

// Given by the root layout, in both languages: the error page is drawn in the browser, where neither
// the session nor the messages files are, in the document's language at that moment.
const Words = createContext<{ lang: Lang; words: Record<Lang, PageErrorWords> } | null>(null);

export function PageErrorWordsProvider({
  lang,
  words,
  children,
}: {
  lang: Lang;
  words: Record<Lang, PageErrorWords>;
  children: ReactNode;
}) {
  return <Words value={{ lang, words }}>{children}</Words>;
}

export function usePageErrorWords(): PageErrorWords {
  const given = use(Words);
  const lang = useDocumentLanguage(given?.lang ?? "en");
  if (!given) throw new Error("usePageErrorWords outside the root layout's PageErrorWordsProvider");
  return given.words[lang];
}
