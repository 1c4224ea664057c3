import "server-only";
import { sql } from "kysely";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { careTeamSessionSql } from "@/lib/sessions/care-team";

/**
 * Per caregiver who wants the digest and may sign in (an account, not disabled, ACTIVE or
 * VERIFIED): how much homework waits for their feedback and how much of it raised an alert. The
 * homework is the feedback-due list's (lib/assignments/list-feedback-due.ts): WAITING, on the
 * caregiver's care teams by the one care-team rule. Only counts leave this query. `only`: these
 * caregivers alone.
 */
export function countFeedbackDue(only?: readonly number[]) {
  return runSql(
    only ? "digest-counts-of" : "digest-counts",
    sqlBuilder
      .selectFrom("Caregiver as c")
      .innerJoin("Account as ac", "ac.caregiverId", "c.id")
      .innerJoin("Assignment as a", (j) => j.on("a.feedbackStatus", "=", "WAITING"))
      .innerJoin("Session as s", "s.id", "a.sessionId")
      .select([
        "c.id as caregiverId",
        "c.email",
        "c.language",
        sql<number>`count(*)::int`.as("waiting"),
        sql<number>`(count(*) filter (where jsonb_array_length(${sql.ref("a.alerts")}) > 0))::int`.as("alerts"),
      ])
      .where("c.digestOn", "=", true)
      .where("c.activationStatus", "in", ["ACTIVE", "VERIFIED"])
      .where("c.email", "<>", "")
      .where("ac.disabled", "=", false)
      .where(careTeamSessionSql("s", sql.ref("c.id")))
      .$if(only !== undefined, (q) => q.where(sql<boolean>`${sql.ref("c.id")} = any(${[...(only ?? [])]}::int[])`))
      .groupBy("c.id")
      .orderBy("c.id")
      .compile(),
  );
}
