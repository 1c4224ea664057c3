-- An erased client's sessions have no "read up to" marks: the erasure deletes them with the
-- messages (lib/clients/erase-client.ts). A care provider's read of the conversation, or a message
-- notice, that found the session before the erasure committed wrote its mark after the erasure had
-- deleted the marks, and the mark stayed (found by a race review, 2026-12-07;
-- e2e/domain/erase-client-race.test.ts). The trigger locks the client's row as a foreign key would
-- (FOR KEY SHARE), which waits for an erasure under way and then reads the row as it committed,
-- and leaves the mark unwritten on an erased client: the read it follows was answered already, and
-- its audit row stays. The row is locked before it is looked at, as in "CareTeamMember_client_not_erased".
CREATE FUNCTION "MessageRead_client_not_erased"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erased timestamp(3);
BEGIN
  SELECT c."erasedAt" INTO erased
    FROM "Session" s JOIN "Client" c ON c.id = s."clientId"
   WHERE s.id = NEW."sessionId"
     FOR KEY SHARE OF c;
  IF erased IS NOT NULL THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "MessageRead_client_not_erased" BEFORE INSERT ON "MessageRead"
  FOR EACH ROW EXECUTE FUNCTION "MessageRead_client_not_erased"();
