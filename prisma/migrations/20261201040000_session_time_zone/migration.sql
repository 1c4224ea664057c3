-- The IANA time zone a session was scheduled in (the `time-zone` header), so that its reminder comes
-- at the local hour of its start across a change of clock; null: the scheduler's fixed offset.

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "timeZone" TEXT;
