import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
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
    // 3599 s and 3600 s bins start together once in 3599 hours: the counts are apart by design, not by luck.
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
