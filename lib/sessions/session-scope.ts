import { careTeamClientSql } from "@/lib/sessions/care-team";

/**
 * SQL condition: the session aliased `s` is visible to the caller whose role and id are the given
 * parameters: a caregiver who may see its client (care-team.ts), or the staff of the session's clinic.
 */
export const sessionScopeCondition = (s: string, role: string, id: string) => `(
  (${role}::text = 'CLINIC' and ${s}."clinicId" = ${id}::int)
  or (${role}::text = 'CAREGIVER' and ${careTeamClientSql(`${s}."clientId"`, `${id}::int`)}))`;

/** SQL expression of the derived running status of the session aliased `s` (twin of runningStatusOf). */
export const runningStatusSql = (s: string) =>
  `case when ${s}."closedAt" is not null then 'COMPLETED' when ${s}."startAt" > (now() at time zone 'UTC') then 'FUTURE' else 'RUNNING' end`;
