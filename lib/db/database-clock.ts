import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";

// A moment that one instance writes and another (or the database) compares, such as an expiry, is
// of the database's clock: the one clock that every instance shares. The columns are
// `timestamp(3)` holding UTC.

/** SQL: now on the database's clock, as a column holds it (the time of a change, of an expiry). */
export const NOW_SQL = `(clock_timestamp() at time zone 'UTC')::timestamp(3)`;

/** The same, as a fragment of a Prisma query. */
export const nowSql = Prisma.raw(NOW_SQL);

/** `seconds` after now on the database's clock, as a column holds it. */
export const afterNowSql = (seconds: number) => Prisma.sql`${nowSql} + make_interval(secs => ${seconds}::float8)`;

/** SQL of a timestamp column as epoch milliseconds (what formatDate takes). */
export const msSql = (col: string) => `(extract(epoch from ${col}) * 1000)::float8`;

/**
 * SQL: `NOW_SQL` in epoch milliseconds, for a moment the code goes on with (a start left to the
 * server): the very value a column would hold, whatever the driver makes of a timestamp.
 */
export const NOW_MS_SQL = msSql(NOW_SQL);

/** The same, as a fragment of a Prisma query. */
export const nowMsSql = Prisma.raw(NOW_MS_SQL);

/**
 * Now on the database's clock, read in the caller's transaction: as a column holds it, so it
 * compares with the moments `NOW_SQL` wrote to the millisecond, whatever the connection's time zone.
 */
export async function databaseNow(tx: Pick<Tx, "$queryRaw">): Promise<Date> {
  const [row] = await tx.$queryRaw<{ now: Date }[]>`select ${nowSql} as now`;
  if (!row) throw new Error("the database answered no clock");
  return row.now;
}
