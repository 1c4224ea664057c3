import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import type { CaregiverScope } from "@/lib/auth/scope";
import { recordReads } from "@/lib/audit/record-read";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageBody, type PageRequest } from "@/lib/paging";
import type { FeedbackDueItem } from "@/lib/schemas/homework";
import { careTeamClientSql } from "@/lib/sessions/care-team";
import { msSql } from "@/lib/sessions/session-lock";

const dueQuery = (caregiverId: number, page: PageRequest) =>
  sqlBuilder
    .selectFrom("Assignment as a")
    .innerJoin("Session as s", "s.id", "a.sessionId")
    .innerJoin("Client as cl", "cl.id", "s.clientId")
    .innerJoin("Module as m", "m.id", "a.moduleId")
    .select([
      "a.id",
      "a.sessionId",
      "s.title as sessionTitle",
      "s.clinicId",
      "s.clientId",
      "cl.name as clientName",
      "m.name",
      "a.score",
      "a.band",
      sql<boolean>`jsonb_array_length(${sql.ref("a.alerts")}) > 0`.as("alert"),
      sql<number | null>`${sql.raw(msSql('a."submittedAt"'))}`.as("submittedAt"),
      sql<number>`count(*) over ()::int`.as("total"),
    ])
    .where("a.feedbackStatus", "=", "WAITING")
    .where(careTeamClientSql(sql.ref("s.clientId"), sql<number>`${caregiverId}::int`))
    // An alert (e.g. PHQ-9 item 9 above 0) is what the care team must see first.
    .orderBy("alert", "desc")
    .orderBy("a.submittedAt", "asc")
    .orderBy("a.id", "asc")
    .limit(page.size)
    .offset(page.page * page.size)
    .compile();

/**
 * Submitted assignments waiting for feedback across the caregiver's care teams: alerts first, then
 * oldest first; each session listed gets a READ_SESSION audit row.
 */
export async function listFeedbackDue(scope: CaregiverScope, page: PageRequest, offset: number) {
  const { caregiverId } = scope;
  const rows = await runSql("feedback-due", dueQuery(caregiverId, page));
  // Scores, bands and alerts are health data: each session listed is an audited read.
  const sessions = new Map(rows.map((r) => [r.sessionId, r.clinicId]));
  await recordReads(
    scope,
    "READ_SESSION",
    [...sessions].map(([targetId, clinicId]) => ({ clinicId, targetId })),
  );
  const total = rows[0]?.total ?? 0;
  const content = rows.map((r): z.infer<typeof FeedbackDueItem> => ({
    id: r.id,
    sessionId: r.sessionId,
    sessionTitle: r.sessionTitle,
    clientId: r.clientId,
    clientName: r.clientName,
    name: r.name,
    score: r.score,
    band: r.band,
    alert: r.alert,
    submitDate: formatDate(r.submittedAt, offset),
  }));
  return pageBody(content, total, page);
}
