-- Whether a module version is scored (its definition has a scoring section), kept beside the
-- definition: the assignment object says it for every assignment read, and asking the definition
-- itself decompresses the whole definition (4 to 14 KB for the library's questionnaires).
ALTER TABLE "ModuleVersion" ADD COLUMN "isTest" BOOLEAN NOT NULL DEFAULT false;

-- Derived on every write, whatever writes it: no insert or update can make it disagree.
CREATE FUNCTION "ModuleVersion_set_isTest"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."isTest" := NEW.definition ? 'scoring';
  RETURN NEW;
END
$$;

CREATE TRIGGER "ModuleVersion_isTest"
  BEFORE INSERT OR UPDATE OF definition, "isTest" ON "ModuleVersion"
  FOR EACH ROW EXECUTE FUNCTION "ModuleVersion_set_isTest"();

UPDATE "ModuleVersion" SET "isTest" = definition ? 'scoring';
