-- Who read one client's record: the audit log filtered by client finds the rows of the client, its
-- sessions and its documents by their target instead of walking the clinic's whole trail.

-- CreateIndex
CREATE INDEX "AuditLog_targetId_idx" ON "AuditLog"("targetId");
