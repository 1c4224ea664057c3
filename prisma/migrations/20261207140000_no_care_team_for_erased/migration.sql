-- An erased client has no care team: the erasure deletes it (lib/clients/erase-client.ts), and a
-- care provider reads a client through the team (lib/sessions/care-team.ts), so a team row on an
-- erased client would show its care provider the client again. A care provider put on the team
-- while the erasure ran (a care provider's change or creation naming the client) saw the client
-- before the erasure committed, waited for its row at the foreign key, and was then written onto
-- the erased client (found by a race review, 2026-12-07; e2e/domain/erase-client-race.test.ts).
-- The trigger locks the client's row as the foreign key does (FOR KEY SHARE), which waits for an
-- erasure under way and then reads the row as it committed, and refuses a row on an erased client
-- as a removed one is refused (23503): the gateway answers 409, "a record this request names was
-- removed meanwhile; nothing was changed". The row is locked before it is looked at: a condition
-- on erasedAt in the locking statement would be read from the row as it was before the erasure,
-- and the row skipped, unlocked.
CREATE FUNCTION "CareTeamMember_client_not_erased"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erased timestamp(3);
BEGIN
  SELECT "erasedAt" INTO erased FROM "Client" WHERE id = NEW."clientId" FOR KEY SHARE;
  IF erased IS NOT NULL THEN
    RAISE EXCEPTION 'an erased client has no care team' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "CareTeamMember_client_not_erased" BEFORE INSERT OR UPDATE OF "clientId" ON "CareTeamMember"
  FOR EACH ROW EXECUTE FUNCTION "CareTeamMember_client_not_erased"();
