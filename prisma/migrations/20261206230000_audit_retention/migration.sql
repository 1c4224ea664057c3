-- The audit trail's own retention (docs/audit-log.md, "Retention"): a row may go once the record it
-- names is erased and the row is older than its institute's retention period. While the record is
-- kept, its trail stays whole, however old; with no period set, every row stays. The rule is the
-- database's, in the append-only trigger itself, so no bug and no stolen application password can
-- delete any other row: the daily job only asks for what the rule allows.
CREATE FUNCTION "AuditLog_expired"(r "AuditLog") RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
           SELECT 1 FROM "Clinic" k JOIN "Institute" i ON i.id = k."instituteId"
            WHERE k.id = r."clinicId" AND i."retentionYears" IS NOT NULL
              AND r."at" < (now() AT TIME ZONE 'UTC') - make_interval(years => i."retentionYears"))
     AND EXISTS (
           SELECT 1 FROM "Client" c
            WHERE c."erasedAt" IS NOT NULL
              AND c.id = CASE
                WHEN r.action IN ('READ_CLIENT', 'READ_CLIENT_IMAGE') THEN r."targetId"
                WHEN r.action = 'READ_DOCUMENT' THEN
                  (SELECT s."clientId" FROM "Document" d JOIN "Session" s ON s.id = d."sessionId" WHERE d.id = r."targetId")
                ELSE (SELECT s."clientId" FROM "Session" s WHERE s.id = r."targetId")
              END)
$$;

CREATE OR REPLACE FUNCTION "AuditLog_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF "AuditLog_expired"(OLD) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
