-- The retention period's CHECK constraint becomes a trigger that refuses the same rows with the
-- same error code (23514, check_violation). Prisma's schema engine, run here as its WebAssembly
-- build through the pg driver adapter (docs/prisma-offline.md), panics now and then when it
-- describes a database holding a CHECK constraint (its "char" constraint_type read as text): it
-- failed `migrate diff`, so the suite's drift test, in about one run in three since migration
-- 20261206210000_client_retention added this one. A trigger is no constraint to describe, and
-- keeps the rule in the database.
ALTER TABLE "Institute" DROP CONSTRAINT "Institute_retentionYears_check";

CREATE FUNCTION "Institute_retentionYears_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."retentionYears" NOT BETWEEN 1 AND 100 THEN
    RAISE EXCEPTION 'a retention period is 1 to 100 years' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Institute_retentionYears_check" BEFORE INSERT OR UPDATE OF "retentionYears" ON "Institute"
  FOR EACH ROW EXECUTE FUNCTION "Institute_retentionYears_check"();
