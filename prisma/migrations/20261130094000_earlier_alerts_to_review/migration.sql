-- Earlier alerts nobody reviewed stay to review: a worrying answer saved, told to the care team,
-- then submitted without it is listed, counted in the digest and escalated until someone marks
-- it reviewed (lib/results/list-alerts-to-review.ts).

-- CreateIndex
CREATE INDEX "EarlierAlertReview_unreviewed_idx" ON "EarlierAlertReview"("assignmentId") WHERE ("reviewedAt" IS NULL AND alerts <> '[]'::jsonb);
