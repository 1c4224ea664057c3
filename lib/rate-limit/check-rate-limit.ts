import "server-only";
import { z } from "zod";
import { sha256 } from "@/lib/auth/token-hash";
import { pool } from "@/lib/db/pool";
import type { Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** A counter and its ceiling; the window is RATE_LIMIT_WINDOW_SECONDS unless the limit names its own. */
export type Limit = { key: string; max: number; windowSeconds?: number };

/**
 * The windows one call counted in, so that a count can be given back (releaseRateLimit): `limit`
 * is the Limit's key, `key` the row's.
 */
export type Reservation = { limit: string; key: string; windowEnds: string }[];

// A row's key is the SHA-256 of the limit's key: keys hold what callers chose (a username, an
// address), and a fixed size keeps any of them from being too long for the primary key's index.
// The window's length is part of it: instances counting one key under different windows (a rolling
// change of RATE_LIMIT_WINDOW_SECONDS) would otherwise reset each other's count on every request,
// and no limit would hold (e2e/domain/rate-limit-windows.test.ts).
const rowKey = (key: string, windowSeconds: number) => sha256(`${windowSeconds}:${key}`);

// Windows counted in PostgreSQL, so every instance shares them. A window begins with its key's
// first request, not at a bin of the clock: with bins, failures just before the hour and
// attempts just after it fell in two windows, so a refused person was let in a moment later
// (e2e/domain/rate-limit-windows.test.ts); now a refusal holds for the rest of its window. All
// keys of a request are counted in one statement; the count is taken before the work it limits,
// so concurrent requests cannot all pass the check. The clock is the statement's, not now() (the
// transaction's start): counted inside a transaction (countInTransaction) that waited on a lock
// across a window's end, now() still fell in the window and a request was refused for a window over.
const SQL = `
insert into "RateLimit" (key, "windowEnds", count)
select l.k, (statement_timestamp() at time zone 'UTC') + make_interval(secs => l.secs), 1 from unnest($1::text[], $2::int[]) as l(k, secs)
on conflict (key) do update set
  count = case when "RateLimit"."windowEnds" > (statement_timestamp() at time zone 'UTC') then "RateLimit".count + 1 else 1 end,
  "windowEnds" = case when "RateLimit"."windowEnds" > (statement_timestamp() at time zone 'UTC') then "RateLimit"."windowEnds" else excluded."windowEnds" end
returning key, count, "windowEnds"::text as "windowEnds",
  extract(epoch from ("windowEnds" - (statement_timestamp() at time zone 'UTC')))::float8 as "secondsLeft"`;

/** The rows SQL returns, parsed: a wrong alias or type fails here rather than counting nothing. */
const CountedRows = z.array(
  z.object({ key: z.string(), count: z.number(), windowEnds: z.string(), secondsLeft: z.number() }),
);

const RELEASE_SQL = `
update "RateLimit" r set count = greatest(r.count - 1, 0)
  from unnest($1::text[], $2::text[]) as x(k, w)
 where r.key = x.k and r."windowEnds" = x.w::timestamp`;

// Windows that ended are deleted as new requests come, a bounded batch at a time by the index on
// windowEnds: callers choose keys (usernames), so the table must not keep one row per key forever.
// Rows locked by another request are left to a later sweep rather than waited for.
const SWEEP_SQL = `
delete from "RateLimit" where key in (
  select key from "RateLimit" where "windowEnds" < (now() at time zone 'UTC')
   order by "windowEnds" limit 100 for update skip locked)`;

/** The limits with their windows and row keys, and the statement's values that count them. */
function keyedOf(limits: Limit[]) {
  const e = env();
  const keyed = limits.map((l) => {
    const windowSeconds = l.windowSeconds ?? e.RATE_LIMIT_WINDOW_SECONDS;
    return { ...l, windowSeconds, row: rowKey(l.key, windowSeconds) };
  });
  return { keyed, values: [keyed.map((l) => l.row), keyed.map((l) => l.windowSeconds)] };
}

/** The windows counted in, or a 429 with Retry-After (and `detail`) at the first limit exceeded. */
function held(keyed: ReturnType<typeof keyedOf>["keyed"], rows: unknown, detail?: string): Reservation {
  const reservation: Reservation = [];
  for (const row of CountedRows.parse(rows)) {
    const limit = keyed.find((l) => l.row === row.key);
    if (!limit) continue;
    if (row.count > limit.max)
      throw new AppError(
        "rate_limited",
        detail ?? "too many requests; retry after the time in Retry-After",
        undefined,
        {
          "retry-after": String(Math.max(1, Math.ceil(row.secondsLeft))),
        },
      );
    reservation.push({ limit: limit.key, key: row.key, windowEnds: row.windowEnds });
  }
  return reservation;
}

/**
 * Counts one of what a transaction does (an email it queues) against each limit, in one statement
 * of that transaction: the count holds only if it commits, so a refused or failed change counts
 * nothing, and the rows stay locked until then, so two at once are counted one after the other.
 * Throws 429 with Retry-After and `detail` when a limit is exceeded.
 */
export async function countInTransaction(tx: Tx, limits: Limit[], detail: string): Promise<void> {
  const { keyed, values } = keyedOf(limits);
  held(keyed, await tx.$queryRawUnsafe(SQL, ...values), detail);
}

/** Counts one request against each limit; throws 429 with Retry-After when one is exceeded. */
export async function checkRateLimit(limits: Limit[]): Promise<Reservation> {
  const { keyed, values } = keyedOf(limits);
  await pool().query({ name: "rate-limit-sweep", text: SWEEP_SQL });
  const counted = await pool().query<Record<string, unknown>>({ name: "rate-limit", text: SQL, values });
  return held(keyed, counted.rows);
}

/** Gives back what checkRateLimit counted (in the same windows only): the attempt turned out not to count. */
export async function releaseRateLimit(reservation: Reservation): Promise<void> {
  if (reservation.length === 0) return;
  await pool().query({
    name: "rate-limit-release",
    text: RELEASE_SQL,
    values: [reservation.map((r) => r.key), reservation.map((r) => r.windowEnds)],
  });
}

/**
 * The header in which the server process (scripts/lib/server.mjs) puts the caller's address: the
 * TCP peer, or what a trusted proxy forwarded (TRUSTED_PROXIES). It replaces any value a caller sent.
 */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** The caller's address as the server process determined it; "unknown" (one shared bucket) without it. */
export function clientAddress(req: { headers: Headers }): string {
  return (req.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown").slice(0, 100);
}
