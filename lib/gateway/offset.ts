import { AppError } from "@/lib/errors";

/**
 * The `offset` header: the caller's UTC offset in hours ("1", "-5", "5.5", "+05:30"), between
 * -12 and +14. Returns minutes east of UTC; absent means UTC.
 */
export function parseOffset(header: string | null): number {
  if (header === null || header.trim() === "") return 0;
  const v = header.trim();
  let minutes: number | undefined;
  const hm = /^([+-])?(\d{1,2}):([0-5]\d)$/.exec(v);
  if (hm) {
    minutes = (Number(hm[2]) * 60 + Number(hm[3])) * (hm[1] === "-" ? -1 : 1);
  } else if (/^[+-]?\d{1,2}(\.\d+)?$/.test(v)) {
    minutes = Math.round(Number(v) * 60);
  }
  if (minutes === undefined || minutes < -12 * 60 || minutes > 14 * 60) {
    throw new AppError(
      "bad_request",
      "the offset header must be a UTC offset in hours between -12 and +14, e.g. 1, -5, 5.5 or +05:30",
      [{ path: "header.offset", message: "invalid UTC offset" }],
    );
  }
  return minutes;
}
