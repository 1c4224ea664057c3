-- No document was ever stored before this migration (no operation wrote one), so the new required
-- columns need no default.
-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditAction" ADD VALUE 'READ_MESSAGES';
ALTER TYPE "AuditAction" ADD VALUE 'READ_DOCUMENT';

-- AlterTable
ALTER TABLE "Caregiver" ADD COLUMN     "digestOn" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "messageNoticesOn" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "remindersOn" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Client" ADD COLUMN     "messageNoticesOn" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "remindersOn" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "data" BYTEA NOT NULL,
ADD COLUMN     "uploadedByAccountId" INTEGER NOT NULL;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "remindedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Message" (
    "id" SERIAL NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "authorAccountId" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageRead" (
    "sessionId" INTEGER NOT NULL,
    "accountId" INTEGER NOT NULL,
    "lastReadMessageId" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MessageRead_pkey" PRIMARY KEY ("sessionId","accountId")
);

-- CreateIndex
CREATE INDEX "Message_sessionId_id_idx" ON "Message"("sessionId", "id");

-- CreateIndex
CREATE INDEX "Message_authorAccountId_idx" ON "Message"("authorAccountId");

-- CreateIndex
CREATE INDEX "MessageRead_accountId_idx" ON "MessageRead"("accountId");

-- CreateIndex
CREATE INDEX "Document_uploadedByAccountId_idx" ON "Document"("uploadedByAccountId");

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_uploadedByAccountId_fkey" FOREIGN KEY ("uploadedByAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_authorAccountId_fkey" FOREIGN KEY ("authorAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRead" ADD CONSTRAINT "MessageRead_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRead" ADD CONSTRAINT "MessageRead_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A message says something: 1 to 4000 characters (the API checks the same before it gets here).
ALTER TABLE "Message" ADD CONSTRAINT "Message_text_length" CHECK (char_length("text") BETWEEN 1 AND 4000);

-- Reminders whose moment passed before reminders were ever sent are not sent late at upgrade.
UPDATE "Session" SET "remindedAt" = CURRENT_TIMESTAMP
 WHERE "remindDays" IS NOT NULL AND "startAt" + make_interval(days => "remindDays") <= CURRENT_TIMESTAMP;
UPDATE "AssignmentReminder" SET "sentAt" = CURRENT_TIMESTAMP WHERE "sentAt" IS NULL AND "remindAt" <= CURRENT_TIMESTAMP;
