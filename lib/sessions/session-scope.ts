import { sql, type SqlBool } from "kysely";
import type { ScopeOf } from "@/lib/auth/scope";
import { careTeamClientSql } from "@/lib/sessions/care-team";
import type { RunningStatus } from "@/lib/sessions/running-status";

/**
 * SQL condition: the session aliased `s` is visible to the caller: a caregiver who may see its
 * client (care-team.ts), or the staff of the session's clinic. Role and id are parameters, so the
 * statement's text is the same for both roles (one prepared statement).
 */
export function sessionScopeCondition(s: string, scope: ScopeOf<"CAREGIVER" | "CLINIC">) {
  const id = scope.role === "CAREGIVER" ? scope.caregiverId : scope.clinicId;
  return sql<SqlBool>`(
  (${scope.role}::text = 'CLINIC' and ${sql.ref(`${s}.clinicId`)} = ${id}::int)
  or (${scope.role}::text = 'CAREGIVER' and ${careTeamClientSql(sql.ref(`${s}.clientId`), sql<number>`${id}::int`)}))`;
}

/** SQL expression of the derived running status of the session aliased `s` (the one rule: every answer reads it, on the database clock). */
export const runningStatusSql = (s: string) =>
  sql<RunningStatus>`case when ${sql.ref(`${s}.closedAt`)} is not null then 'COMPLETED' when ${sql.ref(`${s}.startAt`)} > (now() at time zone 'UTC') then 'FUTURE' else 'RUNNING' end`;
