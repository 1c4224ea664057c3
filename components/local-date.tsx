"use client";

import { formatApiDate, parseApiDate } from "@/lib/api-client/format-date";

/** An API date in the person's locale and time zone, machine-readable in `dateTime`. */
export function LocalDate({ value, style = "date-time" }: { value: string; style?: "date-time" | "date" }) {
  const at = parseApiDate(value);
  return <time dateTime={at?.toISOString()}>{formatApiDate(value, style)}</time>;
}
