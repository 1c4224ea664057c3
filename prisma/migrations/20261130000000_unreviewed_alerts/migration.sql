-- Alerts nobody has marked reviewed, by session: a caregiver's list of the urgent ones to review
-- (lib/results/list-alerts-to-review.ts) reads these, not every assignment of their sessions.

-- CreateIndex
CREATE INDEX "Assignment_unreviewed_alert_idx" ON "Assignment"("sessionId") WHERE ("alertReviewedAt" IS NULL AND alerts <> '[]'::jsonb);
