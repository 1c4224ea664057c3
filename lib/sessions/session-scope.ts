import { sql, type Expression, type SqlBool } from "kysely";
import type { ScopeOf } from "@/lib/auth/scope";
import { careTeamSessionSql } from "@/lib/sessions/care-team";
import { notErased } from "@/lib/sessions/session-party";
import type { RunningStatus } from "@/lib/sessions/running-status";

/**
 * SQL condition: the session aliased `s` is visible to the caller: a caregiver who may see its
 * client (care-team.ts), or the staff of the session's clinic unless its client's record was erased
 * (session-party.ts, notErased; an erased client has no care team). The text differs by role (runSql
 * prepares each text apart): one condition with both roles' branches, the role a parameter, was
 * planned as a scan of all the caregiver's clients on every read.
 */
export function sessionScopeCondition(s: string, scope: ScopeOf<"CAREGIVER" | "CLINIC">) {
  return sessionScopeOfRole(s, scope.role, sql<number>`${scopeSubject(scope)}::int`);
}

/** The id the condition checks: the caregiver's for a caregiver, the clinic's for its staff. */
export const scopeSubject = (scope: ScopeOf<"CAREGIVER" | "CLINIC">) =>
  scope.role === "CAREGIVER" ? scope.caregiverId : scope.clinicId;

/** The same condition for a role, with the id scopeSubject names given as an SQL expression. */
export const sessionScopeOfRole = (
  s: string,
  role: ScopeOf<"CAREGIVER" | "CLINIC">["role"],
  subject: Expression<number>,
) =>
  role === "CAREGIVER"
    ? careTeamSessionSql(s, subject)
    : sql<SqlBool>`(${sql.ref(`${s}.clinicId`)} = ${subject} and ${notErased(s)})`;

/** SQL expression of the derived running status of the session aliased `s` (the one rule: every answer reads it, on the database clock). */
export const runningStatusSql = (s: string) =>
  sql<RunningStatus>`case when ${sql.ref(`${s}.closedAt`)} is not null then 'COMPLETED' when ${sql.ref(`${s}.startAt`)} > (now() at time zone 'UTC') then 'FUTURE' else 'RUNNING' end`;
