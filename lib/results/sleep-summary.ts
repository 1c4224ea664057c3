import { TIME_OF_DAY } from "@/lib/modules/check-answers";
import type { SleepSummaryBody } from "@/lib/schemas/results";

const DAY = 24 * 60;

/** Minutes after midnight of an answer given as HH:MM; null for anything else. */
const clock = (v: unknown) => {
  const m = typeof v === "string" ? TIME_OF_DAY.exec(v) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

const minutes = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

/** Minutes from one time of day to the next one at that time (past midnight: into the next day). */
const span = (from: number, to: number) => (((to - from) % DAY) + DAY) % DAY;

/**
 * One night of a sleep diary by the Consensus Sleep Diary's arithmetic (Carney et al., 2012): time
 * in bed from getting into bed to getting up; time asleep from trying to sleep to the final
 * awakening, less the time it took to fall asleep and the time awake in between; sleep efficiency,
 * asleep over in bed. From the answers of the library's sleep diary by their keys (`bed_time`,
 * `lights_out`, `minutes_to_sleep`, `minutes_awake`, `final_awakening`, `out_of_bed`), times as
 * HH:MM; null when one is missing or the night does not add up (asleep longer than in bed, or less
 * than nothing), which the caregiver then reads from the answers themselves.
 */
export function sleepSummary(answers: ReadonlyMap<string, unknown>): SleepSummaryBody | null {
  const at = (key: string) => clock(answers.get(key));
  const [bed, lightsOut, finalWake, up] = [at("bed_time"), at("lights_out"), at("final_awakening"), at("out_of_bed")];
  const onset = minutes(answers.get("minutes_to_sleep"));
  const awake = minutes(answers.get("minutes_awake"));
  if (bed === null || lightsOut === null || finalWake === null || up === null || onset === null || awake === null)
    return null;
  const inBed = span(bed, up);
  const asleep = span(lightsOut, finalWake) - onset - awake;
  if (inBed === 0 || asleep < 0 || span(bed, lightsOut) + span(lightsOut, finalWake) > inBed) return null;
  return {
    timeInBedMinutes: inBed,
    totalSleepMinutes: asleep,
    // Multiplied first: 345 / 600 × 100 is 57.49999… in floating point.
    efficiencyPercent: Math.round((asleep * 100) / inBed),
  };
}
