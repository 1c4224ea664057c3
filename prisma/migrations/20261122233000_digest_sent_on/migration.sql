-- The UTC day of the last daily digest queued for a caregiver: one a day, however often the task runs.
ALTER TABLE "Caregiver" ADD COLUMN "digestSentOn" DATE;
