import "server-only";
import { tzOffset } from "@date-fns/tz";
import {
  DAY_MS,
  localDay,
  MINUTE_MS,
  parseCalendarDate,
  parseClockTime,
  parseLocalDateTime,
  utcMidnight,
} from "@/lib/dates";

/**
 * How a request's local dates and times are read: in the caller's fixed UTC offset (the `offset`
 * header, minutes east of UTC), or, when the caller names one (the `time-zone` header), by an IANA
 * time zone's rules, each day in its own offset. A fixed offset cannot tell that a week after
 * 09:30 on the Friday before a change of clock is 09:30 again, not 10:30.
 */
export type LocalClock = { offset: number; timeZone?: string | null };

/**
 * The instant of a local time (given as the epoch milliseconds of the same fields in UTC) in a zone.
 * Only the zone's offsets at instants are asked (tzOffset), never the host's own zone, so every
 * instance reads a time alike. An hour the clock goes through twice is its first passage; an hour
 * it skips is read in the offset before the change (02:30 on the spring night is 03:30).
 */
function instantOf(wall: number, timeZone: string): number {
  const before = tzOffset(timeZone, new Date(wall - DAY_MS));
  const after = tzOffset(timeZone, new Date(wall + DAY_MS));
  const fits = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((at) => tzOffset(timeZone, new Date(at)) * MINUTE_MS === wall - at);
  return fits.length > 0 ? Math.min(...fits) : wall - before * MINUTE_MS;
}

/** `date` (`YYYY/MM/DD`) at `time` (`HH:mm`) on the caller's clock; null when either is not one. */
export function parseLocalMoment(date: string, time: string, clock: LocalClock): Date | null {
  if (!clock.timeZone) return parseLocalDateTime(date, time, clock.offset);
  const day = parseCalendarDate(date);
  const minutes = parseClockTime(time);
  if (!day || minutes === null) return null;
  return new Date(instantOf(utcMidnight(day) + minutes * MINUTE_MS, clock.timeZone));
}

/** The same local time of day `days` days later (earlier, when negative) on the caller's clock. */
export function addLocalDays(at: Date, days: number, clock: Pick<LocalClock, "timeZone">): Date {
  if (!clock.timeZone) return new Date(at.getTime() + days * DAY_MS);
  if (days === 0) return at;
  const wall = at.getTime() + tzOffset(clock.timeZone, at) * MINUTE_MS;
  return new Date(instantOf(wall + days * DAY_MS, clock.timeZone));
}

/** Today on the caller's clock, as `YYYY/MM/DD`. */
export function localToday(now: Date, clock: LocalClock): string {
  return localDay(now, clock.timeZone ? tzOffset(clock.timeZone, now) : clock.offset);
}
