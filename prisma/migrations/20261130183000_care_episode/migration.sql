-- A clinic that sees a client again after a discharge starts a new episode of care: the change
-- alerts then measure from the client's scores since, not from their first at the clinic.

-- AlterTable
ALTER TABLE "Client" ADD COLUMN     "careEpisodeStartedAt" TIMESTAMP(3);
