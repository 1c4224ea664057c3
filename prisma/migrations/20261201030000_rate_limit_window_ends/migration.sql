-- A rate limit's window begins with its key's first request instead of at a bin of the clock, so a
-- limit holds for its whole length however the clock turns (docs/api-decisions.md, "Limits and
-- protection"). A row keeps when its window ends.
ALTER TABLE "RateLimit" RENAME COLUMN "windowStart" TO "windowEnds";

-- Counters of the clock's bins: each ends at most an hour (the longest default window) after its bin
-- began, rather than being forgotten at once.
UPDATE "RateLimit" SET "windowEnds" = "windowEnds" + interval '1 hour';

ALTER INDEX "RateLimit_windowStart_idx" RENAME TO "RateLimit_windowEnds_idx";
