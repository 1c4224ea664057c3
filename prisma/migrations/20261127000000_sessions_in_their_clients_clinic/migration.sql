-- A session is in its client's clinic: its key to the client now carries the clinic, so the
-- database refuses a session whose clinic is not its client's (as CaregiverClinic's keys keep a
-- caregiver's clinics in the caregiver's institute). The care-team rule can then take a session's
-- clinic from the session row instead of reading its client's row (lib/sessions/care-team.ts): the
-- feedback-due list applies it to every session of the caregiver's clients
-- (docs/performance.md, "The care-team rule on sessions").
-- Adding the key checks every session; a session outside its client's clinic stops the migration.

-- DropForeignKey
ALTER TABLE "Session" DROP CONSTRAINT "Session_clientId_fkey";

-- DropIndex
DROP INDEX "Client_clinicId_id_idx";

-- CreateIndex
CREATE UNIQUE INDEX "Client_clinicId_id_key" ON "Client"("clinicId", "id");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_clinicId_clientId_fkey" FOREIGN KEY ("clinicId", "clientId") REFERENCES "Client"("clinicId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
