-- A rate limit's window begins with its key's first request instead of at a bin of the clock, so a
-- refused caller stays refused for the rest of the window whatever the clock shows
-- (docs/api-decisions.md, "Limits and protection"). A row keeps when its window ends. Instances of
-- the code before this name the old column: stop them before it runs.
ALTER TABLE "RateLimit" RENAME COLUMN "windowStart" TO "windowEnds";

-- The bins' counters end a minute (the shortest default window) after their bin began: a row's
-- window length is inside its key's hash, and an hour would hold a busy address to a minute's
-- limit for an hour.
UPDATE "RateLimit" SET "windowEnds" = "windowEnds" + interval '60 seconds';

ALTER INDEX "RateLimit_windowStart_idx" RENAME TO "RateLimit_windowEnds_idx";
