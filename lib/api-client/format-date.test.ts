import { describe, expect, it } from "vitest";
import { formatApiDate, formatApiDateIn, formatCalendarDay, formatCalendarDayIn } from "@/lib/api-client/format-date";

describe("formatApiDate / formatApiDateIn", () => {
  it("reads an API date in UTC the same on every machine, in each locale and style asked for", () => {
    // Asked in turns, so that a formatter kept for one locale or style is never used for another.
    for (let round = 0; round < 2; round++) {
      expect(formatApiDate("2026/11/22 14:05", "date-time", "utc")).toBe("22 Nov 2026, 14:05 UTC");
      expect(formatApiDate("2026/11/22 14:05", "date", "utc")).toBe("22 Nov 2026");
      expect(formatApiDateIn("2026/11/22 14:05", "fr", "date-time", "utc")).toBe("22 novembre 2026 à 14:05 UTC");
      expect(formatApiDateIn("2026/11/22 14:05", "fr", "date", "utc")).toBe("22 novembre 2026");
      expect(formatApiDateIn("2026/11/22 14:05", "en", "date", "utc")).toBe("November 22, 2026");
    }
  });

  it("reads it in the browser's own zone and locale otherwise, and leaves a text that is no date as it is", () => {
    const at = new Date(Date.UTC(2026, 10, 22, 14, 5));
    expect(formatApiDate("2026/11/22 14:05", "date")).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(at),
    );
    expect(formatApiDateIn("2026/11/22 14:05", "fr")).toBe(
      new Intl.DateTimeFormat("fr", { dateStyle: "long", timeStyle: "short" }).format(at),
    );
    expect(formatApiDate("soon")).toBe("soon");
  });
});

describe("formatCalendarDay", () => {
  it("writes a calendar date as the same day in every zone, in the person's locale once hydrated", () => {
    expect(formatCalendarDay("2026-11-23", "utc")).toBe("23 Nov 2026");
    // A day has no zone: midnight UTC is still the 23rd where the browser is behind UTC.
    expect(formatCalendarDay("2026-11-23", "local")).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(Date.UTC(2026, 10, 23)),
    );
    expect(formatCalendarDay("2026-11-23", "local")).toMatch(/23/);
    expect(formatCalendarDay("not a day", "local")).toBe("not a day");
  });
});

describe("formatCalendarDayIn", () => {
  it("writes a date question's answer out in the reader's language, the same day in every zone", () => {
    expect(formatCalendarDayIn("2026-12-04", "fr")).toBe("4 décembre 2026");
    expect(formatCalendarDayIn("2026-12-04", "en")).toBe("December 4, 2026");
    expect(formatCalendarDayIn("2026-02-30", "fr")).toBe("2026-02-30");
    expect(formatCalendarDayIn("4/12/2026", "fr")).toBe("4/12/2026");
  });
});
