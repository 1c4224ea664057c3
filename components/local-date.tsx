"use client";

import { useHydrated } from "@/components/use-hydrated";
import { formatApiDate, formatApiDateIn, parseApiDate, type DateZone } from "@/lib/api-client/format-date";

/**
 * Where this render reads dates (format-date.ts): "utc" while the browser hydrates the server's
 * HTML, so both write the same text; "local" from the render right after, and in every render that
 * hydrates nothing.
 */
export function useDateZone(): DateZone {
  return useHydrated() ? "local" : "utc";
}

/** Writes an API date as this render must read it (`useDateZone`). */
export type DateFormat = (text: string, style?: "date-time" | "date") => string;

/**
 * The formatter of API dates for this render: in `locale` (the client's pages: their language) or
 * the browser's, in the zone `useDateZone` says, so no caller has to pass the zone on.
 */
export function useDateFormat(locale?: string): DateFormat {
  const zone = useDateZone();
  return (text, style = "date-time") =>
    locale === undefined ? formatApiDate(text, style, zone) : formatApiDateIn(text, locale, style, zone);
}

/** An API date in the person's locale and time zone, machine-readable in `dateTime`. */
export function LocalDate({ value, style = "date-time" }: { value: string; style?: "date-time" | "date" }) {
  const at = parseApiDate(value);
  return <time dateTime={at?.toISOString()}>{useDateFormat()(value, style)}</time>;
}
