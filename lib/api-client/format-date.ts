import { parseContractDateTime } from "@/lib/dates";

// Dates of the API ("YYYY/MM/DD HH:mm", asked for in UTC) as the person reads them: their
// browser's locale and time zone, through Intl. The text is read by lib/dates.ts, the one parser.

/** The instant of an API date read in UTC, or null when the text is not one. */
export const parseApiDate = (text: string): Date | null => parseContractDateTime(text, 0);

/**
 * Where a date is read: "local" in the browser's locale and time zone; "utc" in UTC, the same text
 * on the server and in the browser, for a page's server-rendered HTML and its hydration (the server
 * knows neither the person's locale nor time zone; the page shows their own right after).
 */
export type DateZone = "local" | "utc";

type Style = "date-time" | "date";

const UTC_LOCALE = "en-GB";

// Making a formatter costs far more than formatting with it (a page of dates on a slow phone spent
// a sixth of its main thread here), and pages show dates in only a few locales and styles: each is
// made once and kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, style: Style, dateStyle: "medium" | "long", inUtc: boolean) {
  const key = `${locale ?? ""}|${style}|${dateStyle}|${String(inUtc)}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { dateStyle, ...(style === "date" ? {} : { timeStyle: "short" }) };
    f = new Intl.DateTimeFormat(locale, inUtc ? { ...options, timeZone: "UTC" } : options);
    formatters.set(key, f);
  }
  return f;
}

const format = (at: Date, locale: string | undefined, style: Style, dateStyle: "medium" | "long", zone: DateZone) => {
  const text = formatter(zone === "utc" ? (locale ?? UTC_LOCALE) : locale, style, dateStyle, zone === "utc").format(at);
  return zone === "utc" && style === "date-time" ? `${text} UTC` : text;
};

/** Midnight UTC of a calendar day `YYYY-MM-DD`; null for a text that is not a day of the calendar (2026-02-30). */
function midnightOf(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day) ? at : null;
}

/**
 * A calendar date of the API (`YYYY-MM-DD`, a day with no instant) as the person reads it: in their
 * browser's locale, or in UTC's while hydrating, and always the same day, wherever the browser is.
 */
export function formatCalendarDay(day: string, zone: DateZone): string {
  const at = midnightOf(day);
  if (!at) return day;
  return formatter(zone === "utc" ? UTC_LOCALE : undefined, "date", "medium", true).format(at);
}

/**
 * A calendar day (`YYYY-MM-DD`, a date question's answer) written out in the given locale: "4 décembre
 * 2026" to a French reader. The same day wherever the browser is; a text that is not a day, as is.
 */
export function formatCalendarDayIn(day: string, locale: string): string {
  const at = midnightOf(day);
  if (!at) return day;
  return formatter(locale, "date", "long", true).format(at);
}

/** An API date in the given locale (the client's pages: their language), in the browser's time zone. */
export function formatApiDateIn(
  text: string,
  locale: string,
  style: Style = "date-time",
  zone: DateZone = "local",
): string {
  const at = parseApiDate(text);
  return at ? format(at, locale, style, "long", zone) : text;
}

export function formatApiDate(text: string, style: Style = "date-time", zone: DateZone = "local"): string {
  const at = parseApiDate(text);
  return at ? format(at, undefined, style, "medium", zone) : text;
}
