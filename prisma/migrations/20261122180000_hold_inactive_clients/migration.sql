-- Accounts that existed before `heldByStatus` came in carry the hold their person's status asks for
-- (lib/auth/sign-in-hold.ts): an INACTIVE client, and a care provider who is not ACTIVE or VERIFIED,
-- may not sign in. Every sign-in and authenticated request checks the hold, so their existing
-- tokens and web sessions stop working too.
UPDATE "Account" SET "heldByStatus" = true
WHERE "clientId" IN (SELECT id FROM "Client" WHERE status = 'INACTIVE');

UPDATE "Account" SET "heldByStatus" = true
WHERE "caregiverId" IN (SELECT id FROM "Caregiver" WHERE "activationStatus" NOT IN ('ACTIVE', 'VERIFIED'));
