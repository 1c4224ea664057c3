import "server-only";
import { sql, type SqlBool } from "kysely";
import type { z } from "zod";
import type { ScopeOf } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageBody, type PageRequest } from "@/lib/paging";
import type { SessionSummary } from "@/lib/schemas/session";
import type { RunningStatus } from "@/lib/sessions/running-status";
import { msSql } from "@/lib/sessions/session-lock";
import { runningStatusSql, sessionScopeCondition } from "@/lib/sessions/session-scope";

type Filter = { runningStatus?: RunningStatus; clientId?: number } & PageRequest;

const countAssignments = (where = sql``) =>
  sql<number>`(select count(*)::int from "Assignment" a where a."sessionId" = s.id ${where})`;

// Filters are parameters (null: no filter), so the statement's text is one whatever is asked.
const listQuery = (scope: ScopeOf<"CAREGIVER" | "CLINIC">, f: Filter, limit: number, skip: number) =>
  sqlBuilder
    .selectFrom("Session as s")
    .innerJoin("Client as cl", "cl.id", "s.clientId")
    .innerJoin("Caregiver as cg", "cg.id", "s.caregiverId")
    .select([
      "s.id",
      "s.title",
      "s.clientId",
      "cl.name as clientName",
      "s.caregiverId",
      "cg.name as caregiverName",
      sql<number>`${sql.raw(msSql('s."startAt"'))}`.as("startAt"),
      runningStatusSql("s").as("runningStatus"),
      sql<boolean>`s."closedAt" is not null`.as("isClosed"),
      countAssignments().as("assignmentCount"),
      countAssignments(sql`and a.status = 'COMPLETE'`).as("completedAssignmentCount"),
      countAssignments(sql`and a."feedbackStatus" = 'WAITING'`).as("waitingFeedbackCount"),
      sql<number>`count(*) over ()::int`.as("total"),
    ])
    .where(sessionScopeCondition("s", scope))
    .where(
      sql<SqlBool>`(${f.runningStatus ?? null}::text is null or ${runningStatusSql("s")} = ${f.runningStatus ?? null}::text)`,
    )
    .where(sql<SqlBool>`(${f.clientId ?? null}::int is null or s."clientId" = ${f.clientId ?? null}::int)`)
    .orderBy("s.startAt", "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .offset(skip)
    .compile();

/** Session summaries the caller may read: a caregiver's care-team clients', or the clinic's. */
export async function listSessions(caller: ScopeOf<"CAREGIVER" | "CLINIC">, f: Filter, offset: number) {
  const rows = await runSql("session-list", listQuery(caller, f, f.size, f.page * f.size));
  let total = rows[0]?.total ?? 0;
  if (!rows.length && f.page > 0) {
    const [first] = await runSql("session-list", listQuery(caller, f, 1, 0));
    total = first?.total ?? 0;
  }
  const content = rows.map((r): z.infer<typeof SessionSummary> => ({
    id: r.id,
    title: r.title,
    clientId: r.clientId,
    clientName: r.clientName,
    caregiverId: r.caregiverId,
    caregiverName: r.caregiverName,
    startDate: formatDate(r.startAt, offset),
    runningStatus: r.runningStatus,
    isClosed: r.isClosed,
    assignmentCount: r.assignmentCount,
    completedAssignmentCount: r.completedAssignmentCount,
    waitingFeedbackCount: r.waitingFeedbackCount,
  }));
  return pageBody(content, total, f);
}
