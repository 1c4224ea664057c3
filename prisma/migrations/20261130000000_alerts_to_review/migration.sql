-- A caregiver's list of the urgent alerts nobody has marked reviewed (lib/results/list-alerts-to-review.ts):
-- when the alerts were stored (the submit, or the notice of saved answers), and an index of the
-- unreviewed ones by session, so the list does not read every assignment of the caregiver's sessions.

-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "alertsAt" TIMESTAMP(3);

-- Alerts stored before: of a submit at the submit, of saved answers at the row's last change.
UPDATE "Assignment" SET "alertsAt" = coalesce("submittedAt", "updatedAt") WHERE alerts <> '[]'::jsonb;

-- CreateIndex
CREATE INDEX "Assignment_unreviewed_alert_idx" ON "Assignment"("sessionId") WHERE ("alertReviewedAt" IS NULL AND alerts <> '[]'::jsonb);
