import { describe, expect, it } from "vitest";
import { sleepSummary } from "./sleep-summary";

const night = (over: Record<string, unknown> = {}) =>
  new Map(
    Object.entries({
      bed_time: "22:45",
      lights_out: "23:15",
      minutes_to_sleep: 30,
      minutes_awake: 40,
      final_awakening: "06:15",
      out_of_bed: "07:00",
      ...over,
    }),
  );

describe("a sleep diary's night", () => {
  it("works out time in bed, time asleep and efficiency across midnight", () => {
    // In bed 22:45–07:00 (495 min); 23:15–06:15 is 420 min, less 30 to fall asleep and 40 awake.
    expect(sleepSummary(night())).toEqual({ timeInBedMinutes: 495, totalSleepMinutes: 350, efficiencyPercent: 71 });
  });

  it("rounds the efficiency as a reader would: 345 of 600 minutes is 58%", () => {
    // In bed 22:00–08:00; 22:30–07:00 is 510 min, less 60 to fall asleep and 105 awake.
    expect(
      sleepSummary(
        night({
          bed_time: "22:00",
          lights_out: "22:30",
          minutes_to_sleep: 60,
          minutes_awake: 105,
          final_awakening: "07:00",
          out_of_bed: "08:00",
        }),
      ),
    ).toEqual({ timeInBedMinutes: 600, totalSleepMinutes: 345, efficiencyPercent: 58 });
  });

  it("a night that starts after midnight, and one of unbroken sleep", () => {
    expect(
      sleepSummary(night({ bed_time: "01:00", lights_out: "01:00", final_awakening: "09:00", out_of_bed: "09:00" })),
    ).toEqual({ timeInBedMinutes: 480, totalSleepMinutes: 410, efficiencyPercent: 85 });
    expect(
      sleepSummary(night({ minutes_to_sleep: 0, minutes_awake: 0, lights_out: "22:45", final_awakening: "07:00" })),
    ).toEqual({ timeInBedMinutes: 495, totalSleepMinutes: 495, efficiencyPercent: 100 });
  });

  it("is nothing when an answer is missing or not a time, or the night does not add up", () => {
    expect(sleepSummary(night({ out_of_bed: undefined }))).toBeNull();
    expect(sleepSummary(night({ bed_time: "10.45 pm" }))).toBeNull();
    expect(sleepSummary(night({ minutes_awake: null }))).toBeNull();
    // More time awake than the night holds.
    expect(sleepSummary(night({ minutes_awake: 500 }))).toBeNull();
    // Up before the final awakening; asleep before getting into bed.
    expect(sleepSummary(night({ out_of_bed: "06:00" }))).toBeNull();
    expect(sleepSummary(night({ lights_out: "22:00" }))).toBeNull();
    // Into bed when getting up: no time in bed.
    expect(sleepSummary(night({ bed_time: "07:00" }))).toBeNull();
  });
});
