-- "Forgot your password?": a one-time link to choose a new password, kept as its token's SHA-256,
-- sent to the address the sign-in was made with (`Account.email`), which a later change of the
-- person's email by staff does not move.

-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "email" TEXT;

-- The sign-ins with a password made before: the person's email as it stands now.
UPDATE "Account" a SET "email" = lower(coalesce(
    (SELECT s.email FROM "ClinicStaff" s WHERE s.id = a."staffId"),
    (SELECT c.email FROM "Caregiver" c WHERE c.id = a."caregiverId"),
    (SELECT c.email FROM "Client" c WHERE c.id = a."clientId")))
 WHERE a."passwordHash" IS NOT NULL;

-- CreateTable
CREATE TABLE "PasswordReset" (
    "id" SERIAL NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "accountId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordReset_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Account_email_idx" ON "Account"("email");

-- CreateIndex
CREATE UNIQUE INDEX "PasswordReset_tokenHash_key" ON "PasswordReset"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordReset_accountId_idx" ON "PasswordReset"("accountId");

-- AddForeignKey
ALTER TABLE "PasswordReset" ADD CONSTRAINT "PasswordReset_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
