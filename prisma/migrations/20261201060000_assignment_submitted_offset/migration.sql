-- The submitter's UTC offset at the submit, in minutes east of UTC (the `offset` header), so that a
-- sleep diary naming no night is dated by the client's own morning, not by the day in UTC or where
-- the care team reads it; null for a submit that stated none and for those before this column:
-- those are dated in the reader's offset, as before.

-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "submittedOffset" INTEGER;
