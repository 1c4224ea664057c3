import "server-only";
import { sql, type SqlBool } from "kysely";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { unreviewedUrgentAlertSql, unreviewedUrgentEarlierSql } from "@/lib/results/stored-result";
import { careTeamSessionSql } from "@/lib/sessions/care-team";

// The alerts-to-review list's rows (lib/results/list-alerts-to-review.ts): an assignment's own,
// submitted or saved, and its earlier ones nobody reviewed.
const toReviewSql = sql<SqlBool>`${sql.raw(unreviewedUrgentAlertSql("a"))}`;
const waitingSql = sql<SqlBool>`${sql.ref("a.feedbackStatus")} = 'WAITING'`;
// In the terms of the partial index of waiting alerts (Assignment_waiting_alert_idx).
const waitingAlertSql = sql<SqlBool>`(${waitingSql} and ${sql.ref("a.alerts")} <> '[]'::jsonb)`;

/**
 * Per caregiver who wants the digest and may sign in (an account, not disabled, ACTIVE or
 * VERIFIED): how much homework waits for their feedback, how much of it raised an alert, and how
 * many urgent alerts wait for a review. The homework is the feedback-due list's
 * (lib/assignments/list-feedback-due.ts): WAITING, on the caregiver's care teams by the one
 * care-team rule; the alerts the alerts-to-review list's, by the same rule. A caregiver with
 * neither has no row. Only counts leave this query. `only`: these caregivers alone.
 *
 * The waiting homework is each session's kept count (Session.waitingCount, as the feedback-due
 * list's total), and the assignments read are only those with alerts, from their partial indexes:
 * reading every assignment of every caregiver's sessions took 2 s at 500 caregivers and a million
 * assignments (docs/reminders.md, "At scale").
 */
export function countDigestItems(only?: readonly number[]) {
  // An assignment with its own alert to review and earlier ones too counts once (count distinct).
  const rows = sqlBuilder
    .selectFrom("Assignment as a")
    .select([
      "a.id",
      "a.sessionId",
      sql<boolean>`${waitingAlertSql}`.as("alert"),
      sql<boolean>`${toReviewSql}`.as("review"),
    ])
    .where(sql<SqlBool>`(${waitingAlertSql} or ${toReviewSql})`)
    .unionAll(
      sqlBuilder
        .selectFrom("EarlierAlertReview as e")
        .innerJoin("Assignment as a", "a.id", "e.assignmentId")
        .select(["a.id", "a.sessionId", sql<boolean>`false`.as("alert"), sql<boolean>`true`.as("review")])
        .where(sql<SqlBool>`${sql.raw(unreviewedUrgentEarlierSql("e"))}`),
    );
  const flagged = sqlBuilder
    .selectFrom(rows.as("r"))
    .select([
      "r.sessionId",
      sql<number>`count(distinct ${sql.ref("r.id")}) filter (where ${sql.ref("r.alert")})`.as("alerts"),
      sql<number>`count(distinct ${sql.ref("r.id")}) filter (where ${sql.ref("r.review")})`.as("toReview"),
    ])
    .groupBy("r.sessionId");
  return runSql(
    only ? "digest-counts-of" : "digest-counts",
    sqlBuilder
      .with("flagged", () => flagged)
      .selectFrom("Caregiver as c")
      .innerJoin("Account as ac", "ac.caregiverId", "c.id")
      .innerJoin("Session as s", (j) => j.on(careTeamSessionSql("s", sql.ref("c.id"))))
      .leftJoin("flagged as f", "f.sessionId", "s.id")
      .select([
        "c.id as caregiverId",
        "c.email",
        "c.language",
        sql<number>`sum(${sql.ref("s.waitingCount")})::int`.as("waiting"),
        sql<number>`coalesce(sum(${sql.ref("f.alerts")}), 0)::int`.as("alerts"),
        sql<number>`coalesce(sum(${sql.ref("f.toReview")}), 0)::int`.as("toReview"),
      ])
      .where("c.digestOn", "=", true)
      .where("c.activationStatus", "in", ["ACTIVE", "VERIFIED"])
      .where("c.email", "<>", "")
      .where("ac.disabled", "=", false)
      .$if(only !== undefined, (q) => q.where(sql<boolean>`${sql.ref("c.id")} = any(${[...(only ?? [])]}::int[])`))
      .groupBy("c.id")
      .having(sql<SqlBool>`sum(${sql.ref("s.waitingCount")}) > 0 or sum(${sql.ref("f.toReview")}) > 0`)
      .orderBy("c.id")
      .compile(),
  );
}
