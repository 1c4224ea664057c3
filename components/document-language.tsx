"use client";

import { useEffect, useSyncExternalStore } from "react";
import { asLang } from "@/lib/i18n/lang";
import { languageCookie } from "@/lib/i18n/language-cookie";
import type { Lang } from "@/lib/schemas/module-definition";

/**
 * Keeps `<html lang>` the page's own when the router moves between pages of two languages (a
 * French link's page to the English sign-in page): the root layout writes it once per whole page
 * load and is kept while the router moves. A client's pages also `remember` it on the browser, for
 * the pages the client meets before signing in again (lib/i18n/language-cookie.ts).
 */
export function DocumentLanguage({ lang, remember = false }: { lang: Lang; remember?: boolean }) {
  useEffect(() => {
    document.documentElement.lang = lang;
    if (remember) document.cookie = languageCookie(lang);
  }, [lang, remember]);
  return null;
}

function subscribeToLanguage(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  return () => {
    observer.disconnect();
  };
}

/**
 * The document's language as it is now, for the words the root layout gives the browser (the toasts',
 * the render-error page's): the layout draws them once per whole page load, in `drawnIn`, and a page
 * the router shows after it can be in the other language (a client whose clinic made them French).
 */
export function useDocumentLanguage(drawnIn: Lang): Lang {
  return useSyncExternalStore(
    subscribeToLanguage,
    () => asLang(document.documentElement.lang),
    () => drawnIn,
  );
}
