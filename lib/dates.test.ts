import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import {
  formatDate,
  isoDay,
  localDay,
  parseCalendarDate,
  parseClockTime,
  parseContractDateTime,
  parseLocalDateTime,
  parseUtcOffset,
} from "@/lib/dates";
import { parseApiDate } from "@/lib/api-client/format-date";

// The one parser of the API's date and offset texts: the header, the schema's check of a session
// date and the session's start all read through these.
describe("date parser", () => {
  it("reads calendar days in both separators and refuses days the calendar has not", () => {
    expect(parseCalendarDate("2028/02/29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseCalendarDate("2028-12-31")).toEqual({ year: 2028, month: 12, day: 31 });
    for (const bad of ["2027/02/29", "2028/13/01", "2028/00/10", "2028/1/10", "28/01/10", "2028/01/10 "]) {
      expect(parseCalendarDate(bad)).toBeNull();
    }
  });
  it("reads the years 0 to 99 as themselves, not as 1900 to 1999 (Date.UTC's reading)", () => {
    expect(parseCalendarDate("0050/01/01")).toEqual({ year: 50, month: 1, day: 1 });
    expect(parseCalendarDate("0004-02-29")).toEqual({ year: 4, month: 2, day: 29 });
    // The calendar begins with the year 1, as a browser's date field does.
    for (const bad of ["0100-02-29", "0050-02-29", "0099-04-31", "0000-01-01"])
      expect(parseCalendarDate(bad)).toBeNull();
    expect(parseLocalDateTime("0050-01-01", "00:30", 60)?.toISOString()).toBe("0049-12-31T23:30:00.000Z");
  });
  it("writes a calendar day as a date answer is stored, YYYY-MM-DD, whatever it was read from", () => {
    for (const [text, iso] of [
      ["2026/11/05", "2026-11-05"],
      ["2026-11-05", "2026-11-05"],
      ["0126-01-09", "0126-01-09"],
    ]) {
      const day = parseCalendarDate(text ?? "");
      expect(day && isoDay(day)).toBe(iso);
    }
  });
  it("reads HH:mm clock times", () => {
    expect(parseClockTime("00:00")).toBe(0);
    expect(parseClockTime("23:59")).toBe(23 * 60 + 59);
    for (const bad of ["24:00", "9:30", "12:60", "12:5"]) expect(parseClockTime(bad)).toBeNull();
  });
  it("reads offsets in hours or ±HH:mm between -12 and +14", () => {
    expect(parseUtcOffset("+05:45")).toBe(345);
    expect(parseUtcOffset("-9.5")).toBe(-570);
    expect(parseUtcOffset("+14:00")).toBe(840);
    for (const bad of ["+14:30", "-12:01", "5h", ""]) expect(parseUtcOffset(bad)).toBeNull();
  });
  it("places a local date and time in its offset, and names today's local day", () => {
    const at = parseLocalDateTime("2030-01-01", "00:30", 60);
    expect(at?.toISOString()).toBe("2029-12-31T23:30:00.000Z");
    expect(localDay(new Date("2029-12-31T23:30:00Z"), 60)).toBe("2030/01/01");
    expect(localDay(new Date("2029-12-31T23:30:00Z"), 0)).toBe("2029/12/31");
  });
  it("reads the dates the API writes, only in its own spelling, and nothing the calendar has not", () => {
    expect(parseContractDateTime("2030/01/01 00:30")?.toISOString()).toBe("2030-01-01T00:30:00.000Z");
    expect(parseContractDateTime("2030/01/01 00:30", 60)?.toISOString()).toBe("2029-12-31T23:30:00.000Z");
    for (const bad of ["2026/02/30 10:00", "2030-01-01 00:30", "2030/01/01 24:00", "2030/01/01", "2030/01/01  10:00"]) {
      expect(parseContractDateTime(bad)).toBeNull();
      // The pages' data layer reads API dates through the same parser.
      expect(parseApiDate(bad)).toBeNull();
    }
  });
  it("writes any instant in any offset as its UTC spelling moved by the offset, and leaves a given Date as it was", () => {
    // An independent spelling: the ISO text of the instant moved by the offset, re-punctuated.
    const reference = (ms: number, offset: number) => {
      const iso = new Date(ms + offset * 60_000).toISOString();
      return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} ${iso.slice(11, 16)}`;
    };
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 5000; i++) {
      const ms = Math.floor(Date.UTC(1970, 0, 1) + next() * (Date.UTC(2200, 0, 1) - Date.UTC(1970, 0, 1)));
      const offset = Math.round(next() * (840 + 720)) - 720;
      const given = new Date(ms);
      expect(formatDate(ms, offset)).toBe(reference(ms, offset));
      expect(formatDate(given, offset)).toBe(reference(ms, offset));
      expect(given.getTime()).toBe(ms);
    }
    expect(formatDate(Date.UTC(2028, 1, 29, 23, 59, 59, 999), 1)).toBe("2028/03/01 00:00");
    expect(formatDate(undefined, 0)).toBeNull();
  });
  it("stays importable by the browser: no imports at all", () => {
    const source = readFileSync(new URL("./dates.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^\s*import\b/m);
  });
});
