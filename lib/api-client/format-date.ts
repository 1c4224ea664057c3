import { parseContractDateTime } from "@/lib/dates";

// Dates of the API ("YYYY/MM/DD HH:mm", asked for in UTC) as the person reads them: their
// browser's locale and time zone, through Intl. The text is read by lib/dates.ts, the one parser.

/** The instant of an API date read in UTC, or null when the text is not one. */
export const parseApiDate = (text: string): Date | null => parseContractDateTime(text, 0);

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/**
 * Where a date is read: "local" in the browser's locale and time zone; "utc" in UTC, the same text
 * on the server and in the browser, for a page's server-rendered HTML and its hydration (the server
 * knows neither the person's locale nor time zone; the page shows their own right after).
 */
export type DateZone = "local" | "utc";

const UTC_LOCALE = "en-GB";
const utcFormat = (locale: string | undefined, style: "date-time" | "date", dateStyle: "medium" | "long") =>
  new Intl.DateTimeFormat(locale ?? UTC_LOCALE, {
    dateStyle,
    ...(style === "date" ? {} : { timeStyle: "short" }),
    timeZone: "UTC",
  });
const inUtc = (at: Date, formatter: Intl.DateTimeFormat, style: "date-time" | "date") =>
  style === "date" ? formatter.format(at) : `${formatter.format(at)} UTC`;

/** An API date in the given locale (the client's pages: their language), in the browser's time zone. */
export function formatApiDateIn(
  text: string,
  locale: string,
  style: "date-time" | "date" = "date-time",
  zone: DateZone = "local",
): string {
  const at = parseApiDate(text);
  if (!at) return text;
  if (zone === "utc") return inUtc(at, utcFormat(locale, style, "long"), style);
  return new Intl.DateTimeFormat(
    locale,
    style === "date" ? { dateStyle: "long" } : { dateStyle: "long", timeStyle: "short" },
  ).format(at);
}

export function formatApiDate(
  text: string,
  style: "date-time" | "date" = "date-time",
  zone: DateZone = "local",
): string {
  const at = parseApiDate(text);
  if (!at) return text;
  if (zone === "utc") return inUtc(at, utcFormat(undefined, style, "medium"), style);
  return (style === "date" ? dateOnly : dateTime).format(at);
}
