-- The audit trail is append-only: a read recorded stays recorded (docs/audit-log.md). The product
-- only ever inserts rows; these triggers refuse a change, a removal or an emptying from any
-- connection, so that neither a bug nor a stolen application password can rewrite who read what.
-- Only an operator who drops the triggers can (and the drop is itself a schema change to see).
CREATE FUNCTION "AuditLog_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "AuditLog_never_changed" BEFORE UPDATE OR DELETE ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION "AuditLog_append_only"();

CREATE TRIGGER "AuditLog_never_emptied" BEFORE TRUNCATE ON "AuditLog"
  FOR EACH STATEMENT EXECUTE FUNCTION "AuditLog_append_only"();
