import { parseContractDateTime } from "@/lib/dates";

// Dates of the API ("YYYY/MM/DD HH:mm", asked for in UTC) as the person reads them: their
// browser's locale and time zone, through Intl. The text is read by lib/dates.ts, the one parser.

/** The instant of an API date read in UTC, or null when the text is not one. */
export const parseApiDate = (text: string): Date | null => parseContractDateTime(text, 0);

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** An API date in the given locale (the client's pages: their language), in the browser's time zone. */
export function formatApiDateIn(text: string, locale: string, style: "date-time" | "date" = "date-time"): string {
  const at = parseApiDate(text);
  if (!at) return text;
  return new Intl.DateTimeFormat(
    locale,
    style === "date" ? { dateStyle: "long" } : { dateStyle: "long", timeStyle: "short" },
  ).format(at);
}

export function formatApiDate(text: string, style: "date-time" | "date" = "date-time"): string {
  const at = parseApiDate(text);
  if (!at) return text;
  return (style === "date" ? dateOnly : dateTime).format(at);
}
