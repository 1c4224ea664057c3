"use client";

import { useEffect } from "react";
import { languageCookie } from "@/lib/i18n/language-cookie";

/**
 * Keeps `<html lang>` the page's own when the router moves between pages of two languages (a
 * French link's page to the English sign-in page): the root layout writes it once per whole page
 * load and is kept while the router moves. A client's pages also `remember` it on the browser, for
 * the pages the client meets before signing in again (lib/i18n/language-cookie.ts).
 */
export function DocumentLanguage({ lang, remember = false }: { lang: "en" | "fr"; remember?: boolean }) {
  useEffect(() => {
    document.documentElement.lang = lang;
    if (remember) document.cookie = languageCookie(lang);
  }, [lang, remember]);
  return null;
}
