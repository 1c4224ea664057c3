-- How many of a session's assignments wait for feedback, kept on the session. The feedback-due list
-- gives the caregiver's total on every page; counting the waiting assignments of each of the
-- caregiver's sessions was most of its statement (docs/performance.md, "A waiting count per
-- session"). Every writer of the feedback status (submitting homework, giving feedback) holds its
-- session's row lock already (LOCK_SESSION), so the session's update below waits for nothing new,
-- and concurrent changes to one session's assignments are in turn: deltas cannot be lost.
ALTER TABLE "Session" ADD COLUMN "waitingCount" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION "Assignment_count_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."feedbackStatus" = 'WAITING' THEN
    UPDATE "Session" SET "waitingCount" = "waitingCount" - 1 WHERE id = OLD."sessionId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."feedbackStatus" = 'WAITING' THEN
    UPDATE "Session" SET "waitingCount" = "waitingCount" + 1 WHERE id = NEW."sessionId";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Assignment_waiting_insert_delete"
  AFTER INSERT OR DELETE ON "Assignment"
  FOR EACH ROW EXECUTE FUNCTION "Assignment_count_waiting"();

CREATE TRIGGER "Assignment_waiting_update"
  AFTER UPDATE OF "feedbackStatus", "sessionId" ON "Assignment"
  FOR EACH ROW
  WHEN (OLD."feedbackStatus" IS DISTINCT FROM NEW."feedbackStatus" OR OLD."sessionId" <> NEW."sessionId")
  EXECUTE FUNCTION "Assignment_count_waiting"();

-- The sessions there are. The new column's lock on "Session" holds every writer of the feedback
-- status (each locks its session's row first) until this migration commits.
UPDATE "Session" s SET "waitingCount" = w.n
  FROM (SELECT "sessionId", count(*)::int AS n FROM "Assignment" WHERE "feedbackStatus" = 'WAITING' GROUP BY 1) w
 WHERE s.id = w."sessionId";

-- Only the assignment triggers write the count (pg_trigger_depth() > 1): an insert starts at 0, and
-- an update of the column by anything else keeps the old value. A session whose id changes starts
-- again at 0: its assignments' keys follow it (ON UPDATE CASCADE), and their trigger counts them
-- again under the new id.
CREATE FUNCTION "Session_keep_waitingCount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF pg_trigger_depth() = 1 THEN
      NEW."waitingCount" := 0;
    END IF;
  ELSIF NEW.id <> OLD.id THEN
    NEW."waitingCount" := 0;
  ELSIF pg_trigger_depth() = 1 THEN
    NEW."waitingCount" := OLD."waitingCount";
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Session_waitingCount_insert"
  BEFORE INSERT ON "Session"
  FOR EACH ROW EXECUTE FUNCTION "Session_keep_waitingCount"();

CREATE TRIGGER "Session_waitingCount_update"
  BEFORE UPDATE OF "waitingCount", id ON "Session"
  FOR EACH ROW EXECUTE FUNCTION "Session_keep_waitingCount"();

-- TRUNCATE fires no row trigger: emptying the assignments empties the counts.
CREATE FUNCTION "Assignment_truncate_waiting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Session" SET "waitingCount" = 0 WHERE "waitingCount" <> 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Assignment_waiting_truncate"
  AFTER TRUNCATE ON "Assignment"
  FOR EACH STATEMENT EXECUTE FUNCTION "Assignment_truncate_waiting"();
