import { parseUtcOffset } from "@/lib/dates";
import { AppError } from "@/lib/errors";

/**
 * The `offset` header: the caller's UTC offset in hours ("1", "-5", "5.5", "+05:30"), between
 * -12 and +14 (parseUtcOffset). Returns minutes east of UTC, or null when the request states none
 * (the wrapper then reads and answers it in UTC).
 */
export function parseOffset(header: string | null): number | null {
  if (header === null || header.trim() === "") return null;
  const minutes = parseUtcOffset(header.trim());
  if (minutes === null) {
    throw new AppError(
      "bad_request",
      "the offset header must be a UTC offset in hours between -12 and +14, e.g. 1, -5, 5.5 or +05:30",
      [{ path: "header.offset", message: "invalid UTC offset" }],
    );
  }
  return minutes;
}

// An IANA name ("Europe/Paris", "America/Argentina/Buenos_Aires", "UTC"); offsets have their header.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/**
 * The `time-zone` header: an IANA time zone by whose rules the request's local dates and times are
 * read (lib/local-clock.ts), as its canonical name; absent means the `offset` alone.
 */
export function parseTimeZone(header: string | null): string | null {
  if (header === null || header.trim() === "") return null;
  const name = header.trim();
  const known = ZONE_NAME.test(name) ? canonicalZone(name) : null;
  if (!known) {
    throw new AppError("bad_request", "the time-zone header must name an IANA time zone, e.g. Europe/Paris", [
      { path: "header.time-zone", message: "unknown time zone" },
    ]);
  }
  return known;
}

function canonicalZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
