-- AlterTable
ALTER TABLE "AccessToken" ADD COLUMN     "familyId" TEXT;

-- CreateTable
CREATE TABLE "WebSession" (
    "id" TEXT NOT NULL,
    "accountId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebSession_accountId_idx" ON "WebSession"("accountId");

-- CreateIndex
CREATE INDEX "AccessToken_familyId_idx" ON "AccessToken"("familyId");

-- AddForeignKey
ALTER TABLE "WebSession" ADD CONSTRAINT "WebSession_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


