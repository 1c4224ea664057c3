import "server-only";
import { TZDate } from "@date-fns/tz";
import { DAY_MS, localDay, parseCalendarDate, parseClockTime, parseLocalDateTime } from "@/lib/dates";

/**
 * How a request's local dates and times are read: in the caller's fixed UTC offset (the `offset`
 * header, minutes east of UTC), or, when the caller names one (the `time-zone` header), by an IANA
 * time zone's rules, each day in its own offset. A fixed offset cannot tell that a week after
 * 09:30 on the Friday before a change of clock is 09:30 again, not 10:30.
 */
export type LocalClock = { offset: number; timeZone?: string | null };

/** `date` (`YYYY/MM/DD`) at `time` (`HH:mm`) on the caller's clock; null when either is not one. */
export function parseLocalMoment(date: string, time: string, clock: LocalClock): Date | null {
  if (!clock.timeZone) return parseLocalDateTime(date, time, clock.offset);
  const day = parseCalendarDate(date);
  const minutes = parseClockTime(time);
  if (!day || minutes === null) return null;
  const at = new TZDate(day.year, day.month - 1, day.day, Math.floor(minutes / 60), minutes % 60, clock.timeZone);
  return new Date(at.getTime());
}

/** The same local time of day `days` days later (earlier, when negative) on the caller's clock. */
export function addLocalDays(at: Date, days: number, clock: Pick<LocalClock, "timeZone">): Date {
  if (!clock.timeZone) return new Date(at.getTime() + days * DAY_MS);
  const local = new TZDate(at.getTime(), clock.timeZone);
  local.setDate(local.getDate() + days);
  return new Date(local.getTime());
}

/** Today on the caller's clock, as `YYYY/MM/DD`. */
export function localToday(now: Date, clock: LocalClock): string {
  if (!clock.timeZone) return localDay(now, clock.offset);
  return localDay(now, -new TZDate(now.getTime(), clock.timeZone).getTimezoneOffset());
}
