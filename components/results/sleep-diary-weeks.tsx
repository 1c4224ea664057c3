import { useDateZone } from "@/components/local-date";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCalendarDay } from "@/lib/api-client/format-date";
import { sleepWeeks } from "@/lib/results/sleep-weeks";
import type { SleepNightBody } from "@/lib/schemas/results";

const hoursText = (minutes: number | null) =>
  minutes === null ? "—" : `${String(Math.floor(minutes / 60))} h ${String(minutes % 60).padStart(2, "0")} min`;

/**
 * The client's sleep-diary nights week by week: how many nights, and the week's average time in
 * bed, time asleep and sleep efficiency, the figures sleep restriction is adjusted by.
 */
export function SleepDiaryWeeks({ nights }: { nights: readonly SleepNightBody[] }) {
  const weeks = sleepWeeks(nights);
  const zone = useDateZone();
  return (
    <section aria-labelledby="sleep-diary-heading" className="flex flex-col gap-3">
      <h3 id="sleep-diary-heading" className="font-semibold">
        Sleep diary
      </h3>
      <p className="text-sm text-muted-foreground">
        Each week from Monday to Sunday, by the night the client went to bed: the average time in bed and time asleep of
        its nights, and its sleep efficiency (its time asleep over its time in bed).
      </p>
      <Table>
        <TableCaption>Sleep diary by week</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Week of</TableHead>
            <TableHead>Nights</TableHead>
            <TableHead>In bed</TableHead>
            <TableHead>Asleep</TableHead>
            <TableHead>Efficiency</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {weeks.map((w) => (
            <TableRow key={w.weekOf}>
              <TableCell label="Week of">
                <time dateTime={w.weekOf}>{formatCalendarDay(w.weekOf, zone)}</time>
              </TableCell>
              <TableCell label="Nights" className="tabular-nums">
                {w.nights}
                {w.counted < w.nights && (
                  <span className="text-muted-foreground">
                    {" "}
                    ({w.nights - w.counted} not counted: the answers do not add up)
                  </span>
                )}
              </TableCell>
              <TableCell label="In bed" className="tabular-nums">
                {hoursText(w.timeInBedMinutes)}
              </TableCell>
              <TableCell label="Asleep" className="tabular-nums">
                {hoursText(w.totalSleepMinutes)}
              </TableCell>
              <TableCell label="Efficiency" className="tabular-nums">
                {w.efficiencyPercent === null ? "—" : `${String(w.efficiencyPercent)}%`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
