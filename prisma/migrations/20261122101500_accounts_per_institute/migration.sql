-- Accounts belong to one institute (decisions.md): a clinic always has an institute, a caregiver
-- belongs to one institute (email unique within it, not platform-wide), and a caregiver's clinic
-- links carry the institute on both sides, so that the database refuses a link across institutes.
-- Also: the record of redeemed SSO authorization codes.
-- (Plain statements only: the schema engine runs this file statement by statement.)

-- A clinic made without an institute gets one of its own. Its apiKey hash matches no key: the
-- operator issues one with `npm run admin -- rotate-api-key` when the clinic needs SSO.
WITH "orphan" AS (SELECT "id", "name" FROM "Clinic" WHERE "instituteId" IS NULL),
"made" AS (
  INSERT INTO "Institute" ("name", "apiKeyHash", "updatedAt")
  SELECT "name", 'none:clinic-' || "id" || ':' || gen_random_uuid()::text, CURRENT_TIMESTAMP FROM "orphan"
  RETURNING "id", "apiKeyHash"
)
UPDATE "Clinic" k SET "instituteId" = "made"."id" FROM "made" WHERE "made"."apiKeyHash" LIKE 'none:clinic-' || k."id" || ':%';

ALTER TABLE "Clinic" DROP CONSTRAINT "Clinic_instituteId_fkey";
ALTER TABLE "Clinic" ALTER COLUMN "instituteId" SET NOT NULL;
CREATE UNIQUE INDEX "Clinic_id_instituteId_key" ON "Clinic"("id", "instituteId");
ALTER TABLE "Clinic" ADD CONSTRAINT "Clinic_instituteId_fkey" FOREIGN KEY ("instituteId") REFERENCES "Institute"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A caregiver's institute: that of their first clinic link, else of their first session, else of
-- their first care team. A caregiver with none of these makes SET NOT NULL below fail: link them
-- to a clinic (or delete them) and migrate again.
ALTER TABLE "Caregiver" ADD COLUMN "instituteId" INTEGER;
UPDATE "Caregiver" g SET "instituteId" = (
  SELECT k."instituteId" FROM "CaregiverClinic" cc JOIN "Clinic" k ON k."id" = cc."clinicId"
  WHERE cc."caregiverId" = g."id" ORDER BY cc."createdAt", cc."clinicId" LIMIT 1);
UPDATE "Caregiver" g SET "instituteId" = (
  SELECT k."instituteId" FROM "Session" s JOIN "Clinic" k ON k."id" = s."clinicId"
  WHERE s."caregiverId" = g."id" ORDER BY s."id" LIMIT 1)
WHERE g."instituteId" IS NULL;
UPDATE "Caregiver" g SET "instituteId" = (
  SELECT k."instituteId" FROM "CareTeamMember" t JOIN "Client" c ON c."id" = t."clientId" JOIN "Clinic" k ON k."id" = c."clinicId"
  WHERE t."caregiverId" = g."id" ORDER BY t."createdAt", t."clientId" LIMIT 1)
WHERE g."instituteId" IS NULL;
ALTER TABLE "Caregiver" ALTER COLUMN "instituteId" SET NOT NULL;
DROP INDEX "Caregiver_email_key";

-- A caregiver who was linked into clinics of other institutes (the email was platform-wide) is
-- split: each other institute gets a caregiver of its own (same name, email and position) with that
-- institute's clinic links, care teams, sessions and feedback. The sign-in (Account) stays with
-- the caregiver of the home institute. Emails were unique until now, so (email, institute) finds
-- the new caregiver.
INSERT INTO "Caregiver" ("instituteId", "name", "email", "position", "createdAt", "updatedAt")
SELECT DISTINCT x."instituteId", g."name", g."email", g."position", g."createdAt", CURRENT_TIMESTAMP
FROM (
  SELECT cc."caregiverId", k."instituteId" FROM "CaregiverClinic" cc JOIN "Clinic" k ON k."id" = cc."clinicId"
  UNION SELECT t."caregiverId", k."instituteId" FROM "CareTeamMember" t JOIN "Client" c ON c."id" = t."clientId" JOIN "Clinic" k ON k."id" = c."clinicId"
  UNION SELECT s."caregiverId", k."instituteId" FROM "Session" s JOIN "Clinic" k ON k."id" = s."clinicId"
  UNION SELECT f."caregiverId", k."instituteId" FROM "Feedback" f JOIN "Session" s ON s."id" = f."sessionId" JOIN "Clinic" k ON k."id" = s."clinicId"
) x JOIN "Caregiver" g ON g."id" = x."caregiverId"
WHERE x."instituteId" <> g."instituteId";

UPDATE "CaregiverClinic" cc SET "caregiverId" = n."id"
FROM "Clinic" k, "Caregiver" g, "Caregiver" n
WHERE k."id" = cc."clinicId" AND g."id" = cc."caregiverId" AND k."instituteId" <> g."instituteId" AND n."email" = g."email" AND n."instituteId" = k."instituteId";
UPDATE "CareTeamMember" t SET "caregiverId" = n."id"
FROM "Client" c, "Clinic" k, "Caregiver" g, "Caregiver" n
WHERE c."id" = t."clientId" AND k."id" = c."clinicId" AND g."id" = t."caregiverId" AND k."instituteId" <> g."instituteId" AND n."email" = g."email" AND n."instituteId" = k."instituteId";
UPDATE "Feedback" f SET "caregiverId" = n."id"
FROM "Session" s, "Clinic" k, "Caregiver" g, "Caregiver" n
WHERE s."id" = f."sessionId" AND k."id" = s."clinicId" AND g."id" = f."caregiverId" AND k."instituteId" <> g."instituteId" AND n."email" = g."email" AND n."instituteId" = k."instituteId";
UPDATE "Session" s SET "caregiverId" = n."id"
FROM "Clinic" k, "Caregiver" g, "Caregiver" n
WHERE k."id" = s."clinicId" AND g."id" = s."caregiverId" AND k."instituteId" <> g."instituteId" AND n."email" = g."email" AND n."instituteId" = k."instituteId";

CREATE UNIQUE INDEX "Caregiver_instituteId_email_key" ON "Caregiver"("instituteId", "email");
CREATE UNIQUE INDEX "Caregiver_id_instituteId_key" ON "Caregiver"("id", "instituteId");
ALTER TABLE "Caregiver" ADD CONSTRAINT "Caregiver_instituteId_fkey" FOREIGN KEY ("instituteId") REFERENCES "Institute"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The clinic links carry the institute, and both of their keys include it.
ALTER TABLE "CaregiverClinic" DROP CONSTRAINT "CaregiverClinic_caregiverId_fkey";
ALTER TABLE "CaregiverClinic" DROP CONSTRAINT "CaregiverClinic_clinicId_fkey";
DROP INDEX "CaregiverClinic_caregiverId_idx";
DROP INDEX "CaregiverClinic_clinicId_idx";
ALTER TABLE "CaregiverClinic" ADD COLUMN "instituteId" INTEGER;
UPDATE "CaregiverClinic" cc SET "instituteId" = k."instituteId" FROM "Clinic" k WHERE k."id" = cc."clinicId";
ALTER TABLE "CaregiverClinic" ALTER COLUMN "instituteId" SET NOT NULL;
CREATE INDEX "CaregiverClinic_clinicId_instituteId_idx" ON "CaregiverClinic"("clinicId", "instituteId");
CREATE INDEX "CaregiverClinic_caregiverId_instituteId_idx" ON "CaregiverClinic"("caregiverId", "instituteId");
ALTER TABLE "CaregiverClinic" ADD CONSTRAINT "CaregiverClinic_caregiverId_instituteId_fkey" FOREIGN KEY ("caregiverId", "instituteId") REFERENCES "Caregiver"("id", "instituteId") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "CaregiverClinic" ADD CONSTRAINT "CaregiverClinic_clinicId_instituteId_fkey" FOREIGN KEY ("clinicId", "instituteId") REFERENCES "Clinic"("id", "instituteId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Authorization codes presented to SSO, per institute (SHA-256 of the code).
CREATE TABLE "RedeemedCode" (
    "instituteId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "redeemedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RedeemedCode_pkey" PRIMARY KEY ("instituteId","codeHash")
);
CREATE INDEX "RedeemedCode_redeemedAt_idx" ON "RedeemedCode"("redeemedAt");
ALTER TABLE "RedeemedCode" ADD CONSTRAINT "RedeemedCode_instituteId_fkey" FOREIGN KEY ("instituteId") REFERENCES "Institute"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
