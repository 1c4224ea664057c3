// Every date and offset text the API reads or writes goes through this file: the contract's one
// date format, `YYYY/MM/DD HH:mm`, in the caller's UTC offset (the `offset` header). Pure functions
// without imports: the server, the schemas and the browser's data layer all read dates here.
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, "0"));
const pad = (n: number) => TWO_DIGITS[n] ?? String(n).padStart(2, "0");

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** The offsets in use, in minutes east of UTC: from UTC-12 to UTC+14. */
export const MIN_OFFSET_MINUTES = -12 * 60;
export const MAX_OFFSET_MINUTES = 14 * 60;

// One Date whose time is set for each date written, rather than a new one each time: on the
// server Next.js replaces the Date constructor with a wrapper (its check that prerenders do not
// read the clock) that constructs through Reflect.construct, about 0.95 µs a date against 0.1, and
// a session detail writes dozens (docs/performance.md). The functions using it are synchronous, so
// no two calls share it at once.
const scratch = new Date(0);

export function formatDate(at: Date | number, offsetMinutes: number): string;
export function formatDate(at: Date | number | null | undefined, offsetMinutes: number): string | null;
export function formatDate(at: Date | number | null | undefined, offsetMinutes: number): string | null {
  if (at === null || at === undefined) return null;
  const d = shifted(typeof at === "number" ? at : at.getTime(), offsetMinutes);
  return `${formatDay(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The scratch Date at the instant `ms` moved by the offset, to be read at once. */
function shifted(ms: number, offsetMinutes: number): Date {
  scratch.setTime(ms + offsetMinutes * MINUTE_MS);
  return scratch;
}

const formatDay = (d: Date) => `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;

/** The calendar day it is at `now` in the offset, as `YYYY/MM/DD`. */
export const localDay = (now: Date, offsetMinutes: number) => formatDay(shifted(now.getTime(), offsetMinutes));

/** The same day as `localDay`, as a date answer is stored: `YYYY-MM-DD`. */
export function localIsoDay(now: Date, offsetMinutes: number): string {
  const d = shifted(now.getTime(), offsetMinutes);
  return isoDay({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

export type CalendarDate = { year: number; month: number; day: number };

/** The shape of a date the API reads: `YYYY/MM/DD` (or `YYYY-MM-DD`). */
export const CALENDAR_DATE = /^(\d{4})[/-](\d{2})[/-](\d{2})$/;
/** The shape of a time the API reads: `HH:mm`, 00:00 to 23:59. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A calendar day's midnight at UTC, in milliseconds; a month or day past its end carries over, as
 * with `Date.UTC`, which would read the years 0 to 99 as 1900 to 1999.
 */
export function utcMidnight(d: CalendarDate): number {
  const at = new Date(0);
  return at.setUTCFullYear(d.year, d.month - 1, d.day);
}

/**
 * Reads `YYYY/MM/DD` (or `YYYY-MM-DD`); null unless it is a day of the calendar, which begins with
 * the year 1 (as a browser's date field does): the year 0 would put its first days' week in the
 * year -1.
 */
export function parseCalendarDate(text: string): CalendarDate | null {
  const m = CALENDAR_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year === 0) return null;
  const check = new Date(utcMidnight({ year, month, day }));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** A calendar day as `YYYY-MM-DD`, as a date answer is stored. */
export const isoDay = (d: CalendarDate) => `${String(d.year).padStart(4, "0")}-${pad(d.month)}-${pad(d.day)}`;

/** Reads `HH:mm` (00:00 to 23:59); minutes since midnight, or null. */
export function parseClockTime(text: string): number | null {
  const m = CLOCK_TIME.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Reads `YYYY/MM/DD` (or `YYYY-MM-DD`) and `HH:mm` given in the caller's offset; null when invalid. */
export function parseLocalDateTime(date: string, time: string, offsetMinutes: number): Date | null {
  const day = parseCalendarDate(date);
  const minutes = parseClockTime(time);
  if (!day || minutes === null) return null;
  return new Date(utcMidnight(day) + (minutes - offsetMinutes) * MINUTE_MS);
}

/**
 * Reads a date as the API writes it (`YYYY/MM/DD HH:mm`, formatDate's spelling only) in the offset
 * it was asked for (UTC by default); the instant, or null when the text is not one.
 */
export function parseContractDateTime(text: string, offsetMinutes = 0): Date | null {
  const [date, time, ...rest] = text.split(" ");
  if (date === undefined || time === undefined || rest.length > 0) return null;
  const at = parseLocalDateTime(date, time, offsetMinutes);
  return at && formatDate(at, offsetMinutes) === text ? at : null;
}

/**
 * Reads a UTC offset in hours ("1", "-5", "5.5", "+05:30"), between -12 and +14; minutes east of
 * UTC, or null when it is not one.
 */
export function parseUtcOffset(text: string): number | null {
  let minutes: number | undefined;
  const hm = /^([+-])?(\d{1,2}):([0-5]\d)$/.exec(text);
  if (hm) {
    minutes = (Number(hm[2]) * 60 + Number(hm[3])) * (hm[1] === "-" ? -1 : 1);
  } else if (/^[+-]?\d{1,2}(\.\d+)?$/.test(text)) {
    minutes = Math.round(Number(text) * 60);
  }
  if (minutes === undefined || minutes < MIN_OFFSET_MINUTES || minutes > MAX_OFFSET_MINUTES) return null;
  return minutes;
}
