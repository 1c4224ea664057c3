import "server-only";
import { sql, type SqlBool } from "kysely";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { unreviewedUrgentAlertSql } from "@/lib/results/stored-result";
import { careTeamSessionSql } from "@/lib/sessions/care-team";

// The alerts-to-review list's rows (lib/results/list-alerts-to-review.ts), submitted or saved.
const toReviewSql = sql<SqlBool>`${sql.raw(unreviewedUrgentAlertSql("a"))}`;
const waitingSql = sql<SqlBool>`${sql.ref("a.feedbackStatus")} = 'WAITING'`;

/**
 * Per caregiver who wants the digest and may sign in (an account, not disabled, ACTIVE or
 * VERIFIED): how much homework waits for their feedback, how much of it raised an alert, and how
 * many urgent alerts wait for a review. The homework is the feedback-due list's
 * (lib/assignments/list-feedback-due.ts): WAITING, on the caregiver's care teams by the one
 * care-team rule; the alerts the alerts-to-review list's, by the same rule. A caregiver with
 * neither has no row. Only counts leave this query. `only`: these caregivers alone.
 */
export function countDigestItems(only?: readonly number[]) {
  return runSql(
    only ? "digest-counts-of" : "digest-counts",
    sqlBuilder
      .selectFrom("Caregiver as c")
      .innerJoin("Account as ac", "ac.caregiverId", "c.id")
      .innerJoin("Assignment as a", (j) => j.on(sql<SqlBool>`(${waitingSql} or ${toReviewSql})`))
      .innerJoin("Session as s", "s.id", "a.sessionId")
      .select([
        "c.id as caregiverId",
        "c.email",
        "c.language",
        sql<number>`(count(*) filter (where ${waitingSql}))::int`.as("waiting"),
        sql<number>`(count(*) filter (where ${waitingSql} and jsonb_array_length(${sql.ref("a.alerts")}) > 0))::int`.as(
          "alerts",
        ),
        sql<number>`(count(*) filter (where ${toReviewSql}))::int`.as("toReview"),
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
