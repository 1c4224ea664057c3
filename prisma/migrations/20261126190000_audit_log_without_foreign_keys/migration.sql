-- The audit trail names accounts and clinics by id without foreign keys. A foreign key check locks
-- the parent row (FOR KEY SHARE) for every row written, so every audited read by one account (a
-- caregiver's list, a session) locked that account's and clinic's rows, and concurrent reads shared
-- the locks through multixacts: the feedback-due list's statement took 0.88 ms with them and 0.62
-- without (pgbench on the benchmark's database, 2026-11-26). The ids come from the
-- signed-in caller's scope, and accounts and clinics are never deleted (they are disabled), so the
-- keys guarded nothing the product can write; a trail that outlives what it names is what an audit
-- trail should be anyway.

-- DropForeignKey
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_accountId_fkey";

-- DropForeignKey
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_clinicId_fkey";
