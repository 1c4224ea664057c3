-- Homework waiting for feedback, indexed apart: the feedback-due list counts it per session and
-- reads the oldest first (alerts ahead) without visiting every waiting row. New assignments are
-- not waiting, so creating sessions does not touch these indexes.

-- CreateIndex
CREATE INDEX "Assignment_waiting_sessionId_idx" ON "Assignment"("sessionId") WHERE ("feedbackStatus" = 'WAITING');

-- CreateIndex
CREATE INDEX "Assignment_waiting_quiet_idx" ON "Assignment"("submittedAt", "id") WHERE ("feedbackStatus" = 'WAITING' AND alerts = '[]'::jsonb);

-- CreateIndex
CREATE INDEX "Assignment_waiting_alert_idx" ON "Assignment"("submittedAt", "id") WHERE ("feedbackStatus" = 'WAITING' AND alerts <> '[]'::jsonb);
