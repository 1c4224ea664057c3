// The language of the last client's pages on this browser, for the pages before sign-in: the
// sign-in page the client meets the next day (their web session ended), after signing out, or
// after their organisation's sign-in refused them, is theirs. Not health data: a language, which
// any page of the client shows.
export const LANGUAGE_COOKIE = "lang";

/** The cookie as the client's pages write it (a year; sent on the site's own pages only). */
export const languageCookie = (lang: "en" | "fr") =>
  `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
