-- How much of a client's homework waits for feedback, kept per client: the feedback-due list's
-- total then sums one row per client on the caregiver's care teams instead of counting every
-- waiting assignment of every one of their sessions (7,000 for a caregiver of 1,000 clients). The
-- care-team rule itself stays in the query (lib/sessions/care-team.ts), so care teams and clinic
-- memberships change nothing here. The count has a table of its own rather than a column of
-- "Client": keeping it then never waits for a transaction that holds the client's row (lockClient:
-- scheduling, a care-team edit, a removal from a clinic), and never rewrites that row.
-- The script runs as one transaction (docs/prisma-offline.md), so its lock below holds to the end.

-- CreateTable
CREATE TABLE "ClientWaitingFeedback" (
    "clientId" INTEGER NOT NULL,
    "waiting" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ClientWaitingFeedback_pkey" PRIMARY KEY ("clientId")
);

-- AddForeignKey
ALTER TABLE "ClientWaitingFeedback" ADD CONSTRAINT "ClientWaitingFeedback_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "Client"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An assignment starts or stops waiting: its client's count changes by one. A delta is race-safe
-- on its own (the update adds to the row's latest version), so it takes no other lock; two
-- submissions of one client queue on the count's row until the first commits. Every client has
-- its row (made with the client, below). A count that went wrong shows at once, as the change that
-- would take it below zero or find no row failing, instead of as a list's odd total. (A CHECK
-- would say the same, but the schema engine cannot describe a table with one: prisma-offline.md.)
-- Repair, as the database's owner: SET session_replication_role = replica (triggers off for the
-- session), recount as the backfill below does, then set it back.
CREATE FUNCTION "waiting_feedback_add"(session INTEGER, delta INTEGER) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  now_waiting INTEGER;
BEGIN
  UPDATE "ClientWaitingFeedback" w SET waiting = w.waiting + delta
    FROM "Session" s
   WHERE s.id = session AND w."clientId" = s."clientId"
  RETURNING w.waiting INTO now_waiting;
  IF now_waiting IS NULL OR now_waiting < 0 THEN
    RAISE EXCEPTION 'the waiting-feedback count of session %''s client is % after %', session, now_waiting, delta;
  END IF;
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

-- Each client's row, made with the client (who has no sessions yet, so nothing waits).
CREATE FUNCTION "Client_make_waiting_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ClientWaitingFeedback" ("clientId") VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Client_waitingFeedback_row"
  AFTER INSERT ON "Client"
  FOR EACH ROW EXECUTE FUNCTION "Client_make_waiting_row"();

-- The clients already there. Creating the triggers above locked "Assignment" and "Client" against
-- writes until this script commits (as the LOCK says again), and what was committed before is in
-- the count: nothing is missed or counted twice.
LOCK TABLE "Assignment" IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO "ClientWaitingFeedback" ("clientId", waiting)
SELECT c.id, (SELECT count(*) FROM "Session" s
                JOIN "Assignment" a ON a."sessionId" = s.id AND a."feedbackStatus" = 'WAITING'
               WHERE s."clientId" = c.id)
  FROM "Client" c
ON CONFLICT ("clientId") DO NOTHING;

-- The count is the database's: a statement that writes it (rather than a trigger) is refused, and
-- a session cannot change client or id (its waiting homework would stay counted where it was).
CREATE FUNCTION "refuse_waiting_feedback_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%: the waiting-feedback count is kept by the database', TG_TABLE_NAME;
END
$$;

CREATE TRIGGER "ClientWaitingFeedback_kept"
  BEFORE INSERT OR UPDATE ON "ClientWaitingFeedback"
  FOR EACH ROW WHEN (pg_trigger_depth() = 0)
  EXECUTE FUNCTION "refuse_waiting_feedback_write"();

CREATE TRIGGER "Session_stays_with_client"
  BEFORE UPDATE OF id, "clientId" ON "Session"
  FOR EACH ROW WHEN (OLD."clientId" <> NEW."clientId" OR OLD.id <> NEW.id)
  EXECUTE FUNCTION "refuse_waiting_feedback_write"();
