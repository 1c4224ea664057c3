import "server-only";
import { sql, type Expression, type SqlBool } from "kysely";
import type { Prisma } from "@/lib/generated/prisma/client";

// The one rule of a caregiver's scope. A caregiver sees a client (its sessions, image, homework,
// feedback-due items, and every list of them) only while on the client's care team AND a member
// of the client's clinic: removal from a clinic ends access at once, even where a care-team row
// was left behind. Prisma queries use the condition, SQL statements the expression on a session
// (through sessionScope, sessionPartySql or inlineSql); both say the same, here and nowhere else.

/** Prisma condition on a client: the caregiver is on its care team and works in its clinic. */
export const careTeamClient = (caregiverId: number): Prisma.ClientWhereInput => ({
  careTeam: { some: { caregiverId } },
  clinic: { caregivers: { some: { caregiverId } } },
});

/**
 * The same rule from the caregiver's side, for the people to tell about a client's session
 * (reminders, message and alert notices): on the client's care team and a member of its clinic, so
 * a care-team row left behind after a caregiver left the clinic gives no access, and no email.
 */
export const careTeamOfClient = (client: { id: number; clinicId: number }): Prisma.CaregiverWhereInput => ({
  careTeams: { some: { clientId: client.id } },
  clinics: { some: { clinicId: client.clinicId } },
});

/**
 * The same rule in SQL, for the session aliased `s` and the caregiver id given as an expression,
 * from the session row alone: a session's clinic is its client's (its key to the client carries
 * the clinic), so the client's row is not read. The feedback-due list applies the rule to every
 * session of the caregiver's clients, where reading each client's row was a sixth of the statement
 * (docs/performance.md).
 */
export const careTeamSessionSql = (s: string, caregiverId: Expression<number>) =>
  sql<SqlBool>`(${sql.ref(`${s}.clinicId`)} in (select tm."clinicId" from "CaregiverClinic" tm where tm."caregiverId" = ${caregiverId})
  and exists (select 1 from "CareTeamMember" t where t."clientId" = ${sql.ref(`${s}.clientId`)} and t."caregiverId" = ${caregiverId}))`;
