import { describe, expect, it } from "vitest";
import { formatDate, parseLocalDateTime } from "@/lib/dates";
import { parseOffset } from "@/lib/gateway/offset";

describe("parseOffset", () => {
  it.each([
    [null, null],
    ["", null],
    ["  ", null],
    ["1", 60],
    ["-5", -300],
    ["5.5", 330],
    ["+05:30", 330],
    ["-03:30", -210],
    ["14", 840],
    ["-12", -720],
    ["0", 0],
  ])("%s → %s minutes", (h, m) => {
    expect(parseOffset(h)).toBe(m);
  });
  it.each(["15", "-13", "abc", "5,5", "+5:75", "1e1", "--1", "14.5"])("refuses %s", (h) => {
    expect(() => parseOffset(h)).toThrow(/offset/);
  });
});

describe("dates", () => {
  it("formats YYYY/MM/DD HH:mm in an offset and reads local dates back", () => {
    const at = new Date(Date.UTC(2030, 11, 31, 23, 59));
    expect(formatDate(at, 0)).toBe("2030/12/31 23:59");
    expect(formatDate(at, 60)).toBe("2031/01/01 00:59");
    expect(parseLocalDateTime("2031/01/01", "00:59", 60)?.getTime()).toBe(at.getTime());
    expect(parseLocalDateTime("2030-02-29", "10:00", 0)).toBeNull();
    expect(formatDate(null, 0)).toBeNull();
  });
});
