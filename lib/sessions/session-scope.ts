import { sql, type SqlBool } from "kysely";
import type { ScopeOf } from "@/lib/auth/scope";
import { careTeamSessionSql } from "@/lib/sessions/care-team";
import type { RunningStatus } from "@/lib/sessions/running-status";

/**
 * SQL condition: the session aliased `s` is visible to the caller: a caregiver who may see its
 * client (care-team.ts), or the staff of the session's clinic. The text differs by role (runSql
 * prepares each text apart): one condition with both roles' branches, the role a parameter, was
 * planned as a scan of all the caregiver's clients on every read.
 */
export function sessionScopeCondition(s: string, scope: ScopeOf<"CAREGIVER" | "CLINIC">) {
  return scope.role === "CAREGIVER"
    ? careTeamSessionSql(s, sql<number>`${scope.caregiverId}::int`)
    : sql<SqlBool>`${sql.ref(`${s}.clinicId`)} = ${scope.clinicId}::int`;
}

/** SQL expression of the derived running status of the session aliased `s` (the one rule: every answer reads it, on the database clock). */
export const runningStatusSql = (s: string) =>
  sql<RunningStatus>`case when ${sql.ref(`${s}.closedAt`)} is not null then 'COMPLETED' when ${sql.ref(`${s}.startAt`)} > (now() at time zone 'UTC') then 'FUTURE' else 'RUNNING' end`;
