import "server-only";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** A counter and its ceiling; the window is RATE_LIMIT_WINDOW_SECONDS unless the limit names its own. */
export type Limit = { key: string; max: number; windowSeconds?: number };

/** The windows one call counted in, so that a count can be given back (releaseRateLimit). */
export type Reservation = { key: string; windowStart: string }[];

// Fixed windows counted in PostgreSQL, so every instance shares them. All keys of a request are
// counted in one statement; the count is taken before the work it limits, so concurrent requests
// cannot all pass the check.
const SQL = `
insert into "RateLimit" (key, "windowStart", count)
select l.k, date_bin(make_interval(secs => l.secs), now() at time zone 'UTC', timestamp '2000-01-01'), 1 from unnest($1::text[], $2::int[]) as l(k, secs)
on conflict (key) do update set
  count = case when "RateLimit"."windowStart" = excluded."windowStart" then "RateLimit".count + 1 else 1 end,
  "windowStart" = excluded."windowStart"
returning key, count, "windowStart"::text as "windowStart",
  extract(epoch from ("windowStart" + make_interval(secs => (select l.secs from unnest($1::text[], $2::int[]) as l(k, secs) where l.k = "RateLimit".key)) - (now() at time zone 'UTC')))::float8 as "secondsLeft"`;

const RELEASE_SQL = `
update "RateLimit" r set count = greatest(r.count - 1, 0)
  from unnest($1::text[], $2::text[]) as x(k, w)
 where r.key = x.k and r."windowStart" = x.w::timestamp`;

/** Counts one request against each limit; throws 429 with Retry-After when one is exceeded. */
export async function checkRateLimit(limits: Limit[]): Promise<Reservation> {
  const window = env().RATE_LIMIT_WINDOW_SECONDS;
  const { rows } = await pool().query<{ key: string; count: number; windowStart: string; secondsLeft: number }>({
    name: "rate-limit",
    text: SQL,
    values: [limits.map((l) => l.key), limits.map((l) => l.windowSeconds ?? window)],
  });
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key);
    if (limit && row.count > limit.max) {
      throw new AppError("rate_limited", "too many requests; retry after the time in Retry-After", undefined, {
        "retry-after": String(Math.max(1, Math.ceil(row.secondsLeft))),
      });
    }
  }
  return rows.map((r) => ({ key: r.key, windowStart: r.windowStart }));
}

/** Gives back what checkRateLimit counted (in the same windows only): the attempt turned out not to count. */
export async function releaseRateLimit(reservation: Reservation): Promise<void> {
  if (reservation.length === 0) return;
  await pool().query({ name: "rate-limit-release", text: RELEASE_SQL, values: [reservation.map((r) => r.key), reservation.map((r) => r.windowStart)] });
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
