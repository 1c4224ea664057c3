import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { checkRateLimit } from "@/lib/rate-limit/check-rate-limit";

// Instances on one database can count the same key under different windows: a rolling change of
// RATE_LIMIT_WINDOW_SECONDS, or this suite's own instances (an hour on the shared stack, a minute on
// the security test's). When both counted in one row, each reset the other's count, so neither
// limit held; and in a minute when both windows started together (the top of an hour) their counts
// added up, and the security test's instance refused the token its test asked for (CI, 2026-11-27
// 19:00 UTC).
describe("a rate limit counted under two windows", () => {
  it("keeps a count of its own per window: each refuses after its own max, however the requests interleave", async () => {
    const key = `test:windows:${randomUUID()}`;
    // Counted in one row, the two would refuse at the fourth request of either.
    const hourly = { key, max: 3, windowSeconds: 3600 };
    const other = { key, max: 3, windowSeconds: 3599 };
    for (let i = 0; i < 3; i++) {
      await expect(checkRateLimit([hourly])).resolves.toHaveLength(1);
      await expect(checkRateLimit([other])).resolves.toHaveLength(1);
    }
    await expect(checkRateLimit([hourly])).rejects.toMatchObject({ code: "rate_limited" });
    await expect(checkRateLimit([other])).rejects.toMatchObject({ code: "rate_limited" });
  });
});

// A window used to be a bin of the clock (date_bin from 2000-01-01): the wrong passwords of 01:59
// and the right one of 02:00 fell in two windows, so a person refused a moment before was let in
// (CI, 2026-12-01 02:00 UTC), and a guesser got twice the limit across the top of each hour.
describe("a rate limit's window", () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("begins with the key's first request, so the limit holds across the clock's turn of the window", async () => {
    const limit = { key: `test:turn:${randomUUID()}`, max: 3, windowSeconds: 10 };
    // Start half a second before the clock's 10-second bin turns (both clocks are this machine's),
    // and ask again just after that turn: the one chosen here, even when the three requests end
    // after it on a slow host (the next turn would be past the window, and the limit rightly gone).
    const turn = Math.ceil((Date.now() + 500) / 10_000) * 10_000;
    await sleep(turn - 500 - Date.now());
    for (let i = 0; i < limit.max; i++) await checkRateLimit([limit]);
    await sleep(Math.max(0, turn - Date.now()) + 200);
    const refused = await checkRateLimit([limit]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "rate_limited" });
    // What is left of the ten seconds that began before the turn.
    const retryAfter = Number(refused instanceof AppError ? refused.headers?.["retry-after"] : undefined);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
  }, 30_000);

  it("ends its length after that first request: the count begins again", async () => {
    const limit = { key: `test:ends:${randomUUID()}`, max: 1, windowSeconds: 1 };
    await checkRateLimit([limit]);
    await expect(checkRateLimit([limit])).rejects.toMatchObject({ code: "rate_limited" });
    await sleep(1_100);
    await expect(checkRateLimit([limit])).resolves.toHaveLength(1);
  });
});
