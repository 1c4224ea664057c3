"use client";

import { useEffect } from "react";

/**
 * Keeps `<html lang>` the page's own when the router moves between pages of two languages (a
 * French link's page to the English sign-in page): the root layout writes it once per whole page
 * load and is kept while the router moves.
 */
export function DocumentLanguage({ lang }: { lang: string }) {
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return null;
}
