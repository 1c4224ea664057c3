import { parseUtcOffset } from "@/lib/dates";
import { AppError } from "@/lib/errors";

/**
 * The `offset` header: the caller's UTC offset in hours ("1", "-5", "5.5", "+05:30"), between
 * -12 and +14 (parseUtcOffset). Returns minutes east of UTC; absent means UTC.
 */
export function parseOffset(header: string | null): number {
  if (header === null || header.trim() === "") return 0;
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
