-- Indexes that start from the caller's own rows, so that a clinic's or a session's request does not
-- cost more as other clinics grow (docs/performance.md, "Statements that read others' rows"):
-- - a reminder job read every reminder of its moment (09:00 on a Monday holds every clinic's) to
--   find its session's: now it goes from the session's assignments to their reminders at that moment;
-- - the audit-log page is the clinic's trail newest first, by id;
-- - the client list is the clinic's clients newest first, by id.
-- Built inside the migration's transaction: audited reads wait while the AuditLog index builds, so
-- where the trail is already large, deploy this at a quiet hour.

-- DropIndex
DROP INDEX "AssignmentReminder_assignmentId_idx";

-- DropIndex
DROP INDEX "AssignmentReminder_remindAt_idx";

-- DropIndex
DROP INDEX "AuditLog_clinicId_at_idx";

-- DropIndex
DROP INDEX "Client_clinicId_idx";

-- CreateIndex
CREATE INDEX "AssignmentReminder_assignmentId_remindAt_idx" ON "AssignmentReminder"("assignmentId", "remindAt");

-- CreateIndex
CREATE INDEX "AuditLog_clinicId_id_idx" ON "AuditLog"("clinicId", "id");

-- CreateIndex
CREATE INDEX "Client_clinicId_id_idx" ON "Client"("clinicId", "id");
