-- The client an audit row is about, written once: the audit log's page and API name it for each row
-- (lib/audit/list-audit-log.ts) and the trail's retention rule asks whether that client's record is
-- erased ("AuditLog_expired"). Sessions and documents keep their rows (an erased client's emptied),
-- so every row resolves.
CREATE FUNCTION "AuditLog_clientId"(action "AuditAction", "targetId" integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN action IN ('READ_CLIENT', 'READ_CLIENT_IMAGE') THEN "targetId"
    WHEN action = 'READ_DOCUMENT' THEN
      (SELECT s."clientId" FROM "Document" d JOIN "Session" s ON s.id = d."sessionId" WHERE d.id = "targetId")
    ELSE (SELECT s."clientId" FROM "Session" s WHERE s.id = "targetId")
  END
$$;

CREATE OR REPLACE FUNCTION "AuditLog_expired"(r "AuditLog") RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
           SELECT 1 FROM "Clinic" k JOIN "Institute" i ON i.id = k."instituteId"
            WHERE k.id = r."clinicId" AND i."retentionYears" IS NOT NULL
              AND r."at" < (now() AT TIME ZONE 'UTC') - make_interval(years => i."retentionYears"))
     AND EXISTS (
           SELECT 1 FROM "Client" c
            WHERE c."erasedAt" IS NOT NULL AND c.id = "AuditLog_clientId"(r.action, r."targetId"))
$$;
