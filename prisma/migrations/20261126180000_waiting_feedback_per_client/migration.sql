-- How much of a client's homework waits for feedback, kept on the client: the feedback-due list's
-- total then sums one row per client on the caregiver's care teams instead of counting every
-- waiting assignment of every one of their sessions (7,000 for a caregiver of 1,000 clients). The
-- care-team rule itself stays in the query (lib/sessions/care-team.ts), so care teams and clinic
-- memberships change nothing here.
ALTER TABLE "Client" ADD COLUMN "waitingFeedback" INTEGER NOT NULL DEFAULT 0;

UPDATE "Client" c SET "waitingFeedback" = (
  SELECT count(*) FROM "Session" s
    JOIN "Assignment" a ON a."sessionId" = s.id AND a."feedbackStatus" = 'WAITING'
   WHERE s."clientId" = c.id);

-- A count that went wrong shows at once instead of as a list's odd total.
ALTER TABLE "Client" ADD CONSTRAINT "Client_waitingFeedback_check" CHECK ("waitingFeedback" >= 0);

-- An assignment starts or stops waiting: its client's count changes by one. A delta is race-safe
-- on its own (the update adds to the row's latest version), so nothing else is locked; two
-- submissions of one client queue on its row for the rest of their transactions.
CREATE FUNCTION "Assignment_count_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."feedbackStatus" = 'WAITING' THEN
    UPDATE "Client" SET "waitingFeedback" = "waitingFeedback" - 1
     WHERE id = (SELECT "clientId" FROM "Session" WHERE id = OLD."sessionId");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."feedbackStatus" = 'WAITING' THEN
    UPDATE "Client" SET "waitingFeedback" = "waitingFeedback" + 1
     WHERE id = (SELECT "clientId" FROM "Session" WHERE id = NEW."sessionId");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Assignment_waitingFeedback_insert"
  AFTER INSERT ON "Assignment"
  FOR EACH ROW WHEN (NEW."feedbackStatus" = 'WAITING')
  EXECUTE FUNCTION "Assignment_count_waiting"();

CREATE TRIGGER "Assignment_waitingFeedback_delete"
  AFTER DELETE ON "Assignment"
  FOR EACH ROW WHEN (OLD."feedbackStatus" = 'WAITING')
  EXECUTE FUNCTION "Assignment_count_waiting"();

CREATE TRIGGER "Assignment_waitingFeedback_update"
  AFTER UPDATE OF "feedbackStatus", "sessionId" ON "Assignment"
  FOR EACH ROW
  WHEN ((OLD."feedbackStatus" = 'WAITING' OR NEW."feedbackStatus" = 'WAITING')
        AND (OLD."feedbackStatus" IS DISTINCT FROM NEW."feedbackStatus" OR OLD."sessionId" <> NEW."sessionId"))
  EXECUTE FUNCTION "Assignment_count_waiting"();

-- The count is the database's: a statement that sets it (rather than a trigger) is refused, and a
-- session cannot move to another client (its waiting homework would stay counted on the first).
CREATE FUNCTION "refuse_waiting_feedback_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%: the waiting-feedback count is kept by the database', TG_TABLE_NAME;
END
$$;

CREATE TRIGGER "Client_waitingFeedback_kept"
  BEFORE UPDATE OF "waitingFeedback" ON "Client"
  FOR EACH ROW WHEN (pg_trigger_depth() = 0)
  EXECUTE FUNCTION "refuse_waiting_feedback_write"();

-- A new client has no sessions yet, so nothing of theirs waits, whatever the insert says.
CREATE FUNCTION "Client_start_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."waitingFeedback" := 0;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Client_waitingFeedback_new"
  BEFORE INSERT ON "Client"
  FOR EACH ROW EXECUTE FUNCTION "Client_start_waiting"();

CREATE TRIGGER "Session_stays_with_client"
  BEFORE UPDATE OF "clientId" ON "Session"
  FOR EACH ROW WHEN (OLD."clientId" <> NEW."clientId")
  EXECUTE FUNCTION "refuse_waiting_feedback_write"();
