-- The second level of an unreviewed urgent alert: the clinic's duty contact, told when the staff's
-- escalation has gone unreviewed too (docs/notifications.md, "Alerts").

-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "alertDutyToldAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Clinic" ADD COLUMN     "dutyEmail" TEXT;

-- AlterTable
ALTER TABLE "EarlierAlertReview" ADD COLUMN     "dutyToldAt" TIMESTAMP(3);
