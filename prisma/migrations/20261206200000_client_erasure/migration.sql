-- A client's record erased at the clinic's request (lib/clients/erase-client.ts, docs/audit-log.md):
-- the row stays, reduced to its ids, so that the audit trail's rows still resolve.
ALTER TABLE "Client" ADD COLUMN "erasedAt" TIMESTAMP(3);
