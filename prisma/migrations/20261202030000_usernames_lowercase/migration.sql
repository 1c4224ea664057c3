-- Usernames are stored lowercased and a sign-in finds them typed in any case (a phone's keyboard
-- may capitalise the first letter). Invitations always stored them lowercased; the operator's CLI
-- stored them as typed until now, and such an account could be signed in only in that case.
-- Two accounts whose names differ only in case would become one name: the migration stops and
-- names them, changing nothing, so that the operator decides which one is renamed.
DO $$
DECLARE
  twins text;
BEGIN
  SELECT string_agg(username, ', ' ORDER BY username) INTO twins
  FROM "Account" a
  WHERE EXISTS (SELECT 1 FROM "Account" b WHERE b.id <> a.id AND lower(b.username) = lower(a.username));
  IF twins IS NOT NULL THEN
    RAISE EXCEPTION 'usernames that differ only in case: %. Rename all but one of each (UPDATE "Account" SET username = ...) and run the migration again.', twins;
  END IF;
END $$;

UPDATE "Account" SET username = lower(username) WHERE username <> lower(username);
