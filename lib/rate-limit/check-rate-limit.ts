import "server-only";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export type Limit = { key: string; max: number };

// Fixed windows (RATE_LIMIT_WINDOW_SECONDS) counted in PostgreSQL, so every instance shares them. All keys of a
// request are counted in one statement.
const SQL = `
insert into "RateLimit" (key, "windowStart", count)
select k, date_bin(make_interval(secs => $2), now() at time zone 'UTC', timestamp '2000-01-01'), 1 from unnest($1::text[]) as k
on conflict (key) do update set
  count = case when "RateLimit"."windowStart" = excluded."windowStart" then "RateLimit".count + 1 else 1 end,
  "windowStart" = excluded."windowStart"
returning key, count, extract(epoch from ("windowStart" + make_interval(secs => $2) - (now() at time zone 'UTC')))::float8 as "secondsLeft"`;

/** Counts one request against each limit; throws 429 with Retry-After when one is exceeded. */
export async function checkRateLimit(limits: Limit[]): Promise<void> {
  const { rows } = await pool().query<{ key: string; count: number; secondsLeft: number }>({ name: "rate-limit", text: SQL, values: [limits.map((l) => l.key), env().RATE_LIMIT_WINDOW_SECONDS] });
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key)!;
    if (row.count > limit.max) {
      throw new AppError("rate_limited", "too many requests; retry after the time in Retry-After", undefined, {
        "retry-after": String(Math.max(1, Math.ceil(row.secondsLeft))),
      });
    }
  }
}

/**
 * The caller's address: the rightmost X-Forwarded-For entry, which the reverse proxy in front of
 * the instances appends (Next.js fills it with the socket address when there is none).
 */
export function clientAddress(req: Request): string {
  const xff = req.headers.get("x-forwarded-for") ?? "";
  const last = xff.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return (last ?? "unknown").slice(0, 100);
}
