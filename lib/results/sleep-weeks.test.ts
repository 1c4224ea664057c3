import { describe, expect, it } from "vitest";
import type { SleepNightBody } from "@/lib/schemas/results";
import { sleepWeeks } from "./sleep-weeks";

const night = (date: string, inBed: number, asleep: number | null): SleepNightBody => ({
  assignmentId: 1,
  sessionId: 1,
  sessionTitle: "Week",
  night: date,
  summary:
    asleep === null
      ? null
      : {
          timeInBedMinutes: inBed,
          totalSleepMinutes: asleep,
          efficiencyPercent: Math.round((asleep * 100) / inBed),
        },
});

describe("sleepWeeks", () => {
  it("groups nights Monday to Sunday, newest week first", () => {
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday.
    const weeks = sleepWeeks([
      night("2026-11-16", 480, 360),
      night("2026-11-22", 480, 420),
      night("2026-11-23", 500, 400),
    ]);
    expect(weeks.map((w) => [w.weekOf, w.nights])).toEqual([
      ["2026-11-23", 1],
      ["2026-11-16", 2],
    ]);
  });

  it("finds the Monday of a night in the years 0 to 99 in that year (a mistyped year stays its own week)", () => {
    // 0050-01-07 is a Friday of the proleptic calendar.
    expect(sleepWeeks([night("0050-01-07", 480, 360)]).map((w) => w.weekOf)).toEqual(["0050-01-03"]);
  });

  it("takes the week's efficiency from its total asleep over its total in bed, not the nights' mean percentage", () => {
    // 100 % of a 2-hour night and 50 % of a 10-hour one: 7 hours asleep of 12 in bed, 58 %, not 75 %.
    const [week] = sleepWeeks([night("2026-11-17", 120, 120), night("2026-11-18", 600, 300)]);
    expect(week).toEqual({
      weekOf: "2026-11-16",
      nights: 2,
      counted: 2,
      timeInBedMinutes: 360,
      totalSleepMinutes: 210,
      efficiencyPercent: 58,
    });
  });

  it("leaves out of the averages a night whose answers do not add up, and says so by its count", () => {
    const [week] = sleepWeeks([night("2026-11-28", 480, 360), night("2026-11-29", 0, null)]);
    expect(week).toMatchObject({ weekOf: "2026-11-23", nights: 2, counted: 1, efficiencyPercent: 75 });
    expect(sleepWeeks([night("2026-11-30", 0, null)])[0]).toMatchObject({
      counted: 0,
      timeInBedMinutes: null,
      totalSleepMinutes: null,
      efficiencyPercent: null,
    });
  });
});
