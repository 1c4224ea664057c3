-- Alerts marked reviewed by the care team, and escalated to the clinic's staff when nobody did
-- (docs/notifications.md, "Alerts").
ALTER TABLE "Assignment" ADD COLUMN "alertReviewedAt" TIMESTAMP(3),
ADD COLUMN "alertReviewerId" INTEGER,
ADD COLUMN "alertEscalatedAt" TIMESTAMP(3);

CREATE INDEX "Assignment_alertReviewerId_idx" ON "Assignment"("alertReviewerId");

ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_alertReviewerId_fkey" FOREIGN KEY ("alertReviewerId") REFERENCES "Caregiver"("id") ON DELETE SET NULL ON UPDATE CASCADE;
