-- Whom a clinic's clients call in a crisis, in the clinic's words (docs/crisis-contact.md).
ALTER TABLE "Clinic" ADD COLUMN "crisisContact" TEXT;
