-- A retention period per institute (docs/audit-log.md, "Retention"): a client's record is erased
-- that many years after the client became INACTIVE. Null: kept until erased on request.
ALTER TABLE "Institute" ADD COLUMN "retentionYears" INTEGER;
ALTER TABLE "Institute" ADD CONSTRAINT "Institute_retentionYears_check" CHECK ("retentionYears" BETWEEN 1 AND 100);

-- Since when a client is INACTIVE: set by the database on every change of status, whoever makes it
-- (staff, the institute's integration, an erasure), so that no writer can forget it. Clients
-- INACTIVE already count from their row's last change, the nearest moment known.
ALTER TABLE "Client" ADD COLUMN "inactiveSince" TIMESTAMP(3);
UPDATE "Client" SET "inactiveSince" = "updatedAt" WHERE status = 'INACTIVE';

CREATE FUNCTION "Client_inactiveSince"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'INACTIVE' THEN
    NEW."inactiveSince" := NULL;
  ELSIF TG_OP = 'INSERT' OR OLD.status <> 'INACTIVE' THEN
    NEW."inactiveSince" := now() AT TIME ZONE 'UTC';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Client_inactiveSince" BEFORE INSERT OR UPDATE OF status ON "Client"
  FOR EACH ROW EXECUTE FUNCTION "Client_inactiveSince"();
