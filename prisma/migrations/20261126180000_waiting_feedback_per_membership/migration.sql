-- How much homework waits for a caregiver's feedback in each clinic they work in, kept on their
-- membership of it: the feedback-due list's total then reads a row per clinic instead of counting
-- every waiting assignment of every client on the caregiver's care teams (7,000 of them for 1,000
-- clients took 1.2 ms of the database per list). The rule is the care-team rule of
-- lib/sessions/care-team.ts: the client is on the caregiver's care team and in a clinic the
-- caregiver is a member of (this row). Triggers keep it, whatever writes the rows it depends on.
ALTER TABLE "CaregiverClinic" ADD COLUMN "waitingFeedback" INTEGER NOT NULL DEFAULT 0;

-- Counts change by deltas (race-safe: an update adds to the row's latest version). A delta for a
-- client and a count of a new care-team or membership row must still see each other, so counting
-- takes the institute's lock exclusively and a delta takes it shared: deltas never wait for each
-- other, and neither can miss a row the other is committing. A transaction must take it
-- exclusively before it locks a membership's row, since a delta holds it shared while it waits for
-- those rows: a removal from a clinic deletes the care-team rows before the membership
-- (lib/clinics/remove-caregiver-from-clinic.ts; PostgreSQL aborts the other order as a deadlock).
CREATE FUNCTION "waiting_feedback_lock"(clinic INTEGER, exclusive BOOLEAN) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  institute INTEGER := (SELECT "instituteId" FROM "Clinic" WHERE id = clinic);
BEGIN
  IF exclusive THEN
    PERFORM pg_advisory_xact_lock(hashtext('waiting-feedback'), institute);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('waiting-feedback'), institute);
  END IF;
END
$$;

-- The homework waiting for feedback in the sessions of one client.
CREATE FUNCTION "waiting_feedback_of_client"(client INTEGER) RETURNS INTEGER LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM "Session" s
    JOIN "Assignment" a ON a."sessionId" = s.id AND a."feedbackStatus" = 'WAITING'
   WHERE s."clientId" = client
$$;

-- An assignment starts or stops waiting: its client's care team's memberships of the client's
-- clinic change by one. Rows are locked in caregiver order first, so two clients sharing
-- caregivers cannot deadlock.
CREATE FUNCTION "waiting_feedback_add"(session INTEGER, delta INTEGER) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  client INTEGER;
  clinic INTEGER;
BEGIN
  SELECT c.id, c."clinicId" INTO client, clinic FROM "Session" s JOIN "Client" c ON c.id = s."clientId" WHERE s.id = session;
  PERFORM "waiting_feedback_lock"(clinic, false);
  PERFORM 1 FROM "CaregiverClinic" m JOIN "CareTeamMember" t ON t."caregiverId" = m."caregiverId" AND t."clientId" = client
   WHERE m."clinicId" = clinic ORDER BY m."caregiverId" FOR NO KEY UPDATE OF m;
  UPDATE "CaregiverClinic" m SET "waitingFeedback" = m."waitingFeedback" + delta
    FROM "CareTeamMember" t
   WHERE t."clientId" = client AND t."caregiverId" = m."caregiverId" AND m."clinicId" = clinic;
END
$$;

CREATE FUNCTION "Assignment_count_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."feedbackStatus" = 'WAITING' THEN
    PERFORM "waiting_feedback_add"(OLD."sessionId", -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."feedbackStatus" = 'WAITING' THEN
    PERFORM "waiting_feedback_add"(NEW."sessionId", 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Assignment_waitingFeedback_insert_delete"
  AFTER INSERT OR DELETE ON "Assignment"
  FOR EACH ROW EXECUTE FUNCTION "Assignment_count_waiting"();

CREATE TRIGGER "Assignment_waitingFeedback_update"
  AFTER UPDATE OF "feedbackStatus", "sessionId" ON "Assignment"
  FOR EACH ROW
  WHEN (OLD."feedbackStatus" IS DISTINCT FROM NEW."feedbackStatus" OR OLD."sessionId" <> NEW."sessionId")
  EXECUTE FUNCTION "Assignment_count_waiting"();

-- A care-team row comes or goes: the caregiver's membership of the client's clinic gains or loses
-- the client's waiting homework.
CREATE FUNCTION "CareTeamMember_count_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  team "CareTeamMember" := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  sign INTEGER := CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END;
  clinic INTEGER := (SELECT "clinicId" FROM "Client" WHERE id = team."clientId");
BEGIN
  PERFORM "waiting_feedback_lock"(clinic, true);
  UPDATE "CaregiverClinic" SET "waitingFeedback" = "waitingFeedback" + sign * "waiting_feedback_of_client"(team."clientId")
   WHERE "caregiverId" = team."caregiverId" AND "clinicId" = clinic;
  RETURN NULL;
END
$$;

CREATE TRIGGER "CareTeamMember_waitingFeedback"
  AFTER INSERT OR DELETE ON "CareTeamMember"
  FOR EACH ROW EXECUTE FUNCTION "CareTeamMember_count_waiting"();

-- A membership is counted whole when it is made (care-team rows may have outlived an earlier one).
CREATE FUNCTION "CaregiverClinic_count_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "waiting_feedback_lock"(NEW."clinicId", true);
  NEW."waitingFeedback" := (
    SELECT count(*)::int FROM "CareTeamMember" t
      JOIN "Client" c ON c.id = t."clientId" AND c."clinicId" = NEW."clinicId"
      JOIN "Session" s ON s."clientId" = c.id
      JOIN "Assignment" a ON a."sessionId" = s.id AND a."feedbackStatus" = 'WAITING'
     WHERE t."caregiverId" = NEW."caregiverId");
  RETURN NEW;
END
$$;

CREATE TRIGGER "CaregiverClinic_waitingFeedback"
  BEFORE INSERT OR UPDATE OF "caregiverId", "clinicId" ON "CaregiverClinic"
  FOR EACH ROW EXECUTE FUNCTION "CaregiverClinic_count_waiting"();

-- The counts rest on a client staying in its clinic and a session with its client: refuse a move
-- rather than let a count go wrong.
CREATE FUNCTION "refuse_waiting_feedback_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% cannot move: the waiting-feedback counts rest on it', TG_TABLE_NAME;
END
$$;

CREATE TRIGGER "Client_stays_in_clinic"
  BEFORE UPDATE OF "clinicId" ON "Client"
  FOR EACH ROW WHEN (OLD."clinicId" <> NEW."clinicId") EXECUTE FUNCTION "refuse_waiting_feedback_move"();

CREATE TRIGGER "Session_stays_with_client"
  BEFORE UPDATE OF "clientId" ON "Session"
  FOR EACH ROW WHEN (OLD."clientId" <> NEW."clientId") EXECUTE FUNCTION "refuse_waiting_feedback_move"();

-- The memberships already there, counted whole by the trigger above (which counts a row whose keys
-- are written).
UPDATE "CaregiverClinic" SET "caregiverId" = "caregiverId";
