-- The submitter's UTC offset at the submit (the `offset` header), so that a sleep diary naming no
-- night is dated by the client's own morning, not by the day in UTC or where the care team reads it;
-- null for the submits before it: those are dated by the reader's offset, as before.

-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "submittedOffset" INTEGER;
