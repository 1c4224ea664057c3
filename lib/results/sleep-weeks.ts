import { DAY_MS, parseCalendarDate, utcMidnight } from "@/lib/dates";
import type { SleepNightBody } from "@/lib/schemas/results";

/** A calendar week (Monday to Sunday) of sleep-diary nights, averaged over those that add up. */
export type SleepWeek = {
  /** The week's Monday, YYYY-MM-DD. */
  weekOf: string;
  nights: number;
  /** Nights whose answers add up: the averages are theirs. */
  counted: number;
  timeInBedMinutes: number | null;
  totalSleepMinutes: number | null;
  /** The week's time asleep over its time in bed (the mean asleep over the mean in bed), rounded. */
  efficiencyPercent: number | null;
};

/** The Monday of a night's date, both YYYY-MM-DD. */
function mondayOf(night: string): string {
  const date = parseCalendarDate(night);
  if (!date) return night;
  const at = utcMidnight(date);
  const sinceMonday = (new Date(at).getUTCDay() + 6) % 7;
  return new Date(at - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The nights by calendar week, newest week first. Sleep restriction (CBT for insomnia) works from
 * a week's efficiency, the week's total asleep over its total in bed, rather than the mean of the
 * nights' percentages, which would weigh a short night as much as a long one.
 */
export function sleepWeeks(nights: readonly SleepNightBody[]): SleepWeek[] {
  const weeks = new Map<string, SleepNightBody[]>();
  for (const n of nights) {
    const key = mondayOf(n.night);
    weeks.set(key, [...(weeks.get(key) ?? []), n]);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([weekOf, all]) => {
      const summed = all.flatMap((n) => (n.summary ? [n.summary] : []));
      const inBed = summed.reduce((t, s) => t + s.timeInBedMinutes, 0);
      const asleep = summed.reduce((t, s) => t + s.totalSleepMinutes, 0);
      const mean = (total: number) => (summed.length > 0 ? Math.round(total / summed.length) : null);
      return {
        weekOf,
        nights: all.length,
        counted: summed.length,
        timeInBedMinutes: mean(inBed),
        totalSleepMinutes: mean(asleep),
        efficiencyPercent: inBed > 0 ? Math.round((asleep * 100) / inBed) : null,
      };
    });
}
