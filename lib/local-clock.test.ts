import { afterEach, describe, expect, it } from "vitest";
import { addLocalDays, localToday, parseLocalMoment } from "@/lib/local-clock";

const paris = { offset: 60, timeZone: "Europe/Paris" };
const iso = (d: Date | null) => d?.toISOString();
const hostZone = process.env.TZ;
afterEach(() => {
  if (hostZone === undefined) delete process.env.TZ;
  else process.env.TZ = hostZone;
});

// Every instance must read a local time alike, whatever zone its own host is set to.
describe.each(["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata"])("on a host set to %s", (host) => {
  it("reads each day in its own offset; a repeated hour is its first passage, a skipped one is after it", () => {
    process.env.TZ = host;
    expect(iso(parseLocalMoment("2031/03/28", "09:30", paris))).toBe("2031-03-28T08:30:00.000Z");
    expect(iso(parseLocalMoment("2031/04/04", "09:30", paris))).toBe("2031-04-04T07:30:00.000Z");
    // 25 October 2026: Paris goes through 02:00–03:00 twice, first at +02:00.
    expect(iso(parseLocalMoment("2026/10/25", "02:30", paris))).toBe("2026-10-25T00:30:00.000Z");
    // 30 March 2031: Paris skips 02:00–03:00; 02:30 is read as 03:30 at +02:00.
    expect(iso(parseLocalMoment("2031/03/30", "02:30", paris))).toBe("2031-03-30T01:30:00.000Z");
    expect(parseLocalMoment("2030/02/29", "09:30", paris)).toBeNull();
  });

  it("steps whole local days, leaves an instant alone for none, and names today's date", () => {
    process.env.TZ = host;
    const friday = new Date("2031-03-28T08:30:00Z");
    expect(iso(addLocalDays(friday, 7, paris))).toBe("2031-04-04T07:30:00.000Z");
    expect(iso(addLocalDays(new Date("2031-04-04T07:30:00Z"), -7, paris))).toBe("2031-03-28T08:30:00.000Z");
    // The second passage of 02:30 on the autumn night is not moved by adding no days.
    const second = new Date("2026-10-25T01:30:00Z");
    expect(addLocalDays(second, 0, paris)).toBe(second);
    expect(iso(addLocalDays(second, 1, paris))).toBe("2026-10-26T01:30:00.000Z");
    expect(localToday(new Date("2031-03-28T23:30:00Z"), paris)).toBe("2031/03/29");
    expect(localToday(new Date("2031-03-28T23:30:00Z"), { offset: 0 })).toBe("2031/03/28");
  });
});
