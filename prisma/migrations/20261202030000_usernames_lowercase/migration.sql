-- Usernames are stored with A-Z in lower case, and a sign-in finds them typed in any case (a
-- phone's keyboard may capitalise the first letter): lib/schemas/username.ts, foldUsername.
-- Invitations always stored them so; the operator's CLI stored them as typed until now. Only A-Z
-- are folded, here as in the code: lower() would follow the database's locale and JavaScript's
-- toLowerCase() Unicode's rules, which differ on letters such as Ö and İ, and a name folded one way
-- and looked up the other could no longer sign in.
--
-- Two accounts whose names differ only in A-Z's case would become one name: the migration stops,
-- changing nothing, and names the accounts by id (a username may be an email). Rename all but one
-- of each, mark the migration rolled back
-- (`npx prisma migrate resolve --rolled-back 20261202030000_usernames_lowercase`) and deploy again.
-- The fold, A-Z only, written once: the twins' check, the update and the trigger below use it.
CREATE OR REPLACE FUNCTION "fold_username"(name text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $$;

DO $$
DECLARE
  twins text;
BEGIN
  SELECT string_agg(ids, '; ') INTO twins
  FROM (
    SELECT string_agg(id::text, ', ' ORDER BY id) AS ids
    FROM "Account"
    GROUP BY "fold_username"(username)
    HAVING count(*) > 1
  ) t;
  IF twins IS NOT NULL THEN
    RAISE EXCEPTION 'accounts whose usernames differ only in case (ids: %): rename all but one of each, then npx prisma migrate resolve --rolled-back 20261202030000_usernames_lowercase and deploy again', twins;
  END IF;
END $$;

UPDATE "Account"
   SET username = "fold_username"(username)
 WHERE username <> "fold_username"(username);

-- And kept so, whoever writes the row (an instance or a CLI of before this migration, a script):
-- a name with a capital could never be signed in.
CREATE OR REPLACE FUNCTION "Account_username_folded"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.username <> "fold_username"(NEW.username) THEN
    RAISE EXCEPTION 'a username is stored without capitals A-Z (account %)', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS "Account_username_folded" ON "Account";
CREATE TRIGGER "Account_username_folded" BEFORE INSERT OR UPDATE OF username ON "Account"
  FOR EACH ROW EXECUTE FUNCTION "Account_username_folded"();
