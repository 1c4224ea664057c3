-- Reviews and escalations of alerts that alerts stored anew cleared (lib/results/earlier-alert-reviews.ts).

-- CreateTable
CREATE TABLE "EarlierAlertReview" (
    "id" SERIAL NOT NULL,
    "assignmentId" INTEGER NOT NULL,
    "alertsAt" TIMESTAMP(3),
    "reviewedAt" TIMESTAMP(3),
    "reviewerId" INTEGER,
    "escalatedAt" TIMESTAMP(3),
    "clearedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EarlierAlertReview_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EarlierAlertReview_assignmentId_idx" ON "EarlierAlertReview"("assignmentId");

-- CreateIndex
CREATE INDEX "EarlierAlertReview_reviewerId_idx" ON "EarlierAlertReview"("reviewerId");

-- AddForeignKey
ALTER TABLE "EarlierAlertReview" ADD CONSTRAINT "EarlierAlertReview_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EarlierAlertReview" ADD CONSTRAINT "EarlierAlertReview_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "Caregiver"("id") ON DELETE SET NULL ON UPDATE CASCADE;
