"use client";

import { useSyncExternalStore } from "react";
import { formatApiDate, parseApiDate, type DateZone } from "@/lib/api-client/format-date";

const never = () => () => {};

/**
 * Where this render reads dates (format-date.ts): "utc" while the browser hydrates the server's
 * HTML, so both write the same text; "local" from the render right after, and in every render that
 * hydrates nothing.
 */
export function useDateZone(): DateZone {
  return useSyncExternalStore(
    never,
    () => "local",
    () => "utc",
  );
}

/** An API date in the person's locale and time zone, machine-readable in `dateTime`. */
export function LocalDate({ value, style = "date-time" }: { value: string; style?: "date-time" | "date" }) {
  const at = parseApiDate(value);
  return <time dateTime={at?.toISOString()}>{formatApiDate(value, style, useDateZone())}</time>;
}
