import "server-only";
import { sql, type Expression, type SqlBool } from "kysely";
import type { Prisma } from "@/lib/generated/prisma/client";

// The one rule of a caregiver's scope. A caregiver sees a client (its sessions, image, homework,
// feedback-due items, and every list of them) only while on the client's care team AND a member
// of the client's clinic: removal from a clinic ends access at once, even where a care-team row
// was left behind. Prisma queries use the condition, SQL statements the expression (through
// sessionScope or inlineSql); both say the same, here and nowhere else.

/** Prisma condition on a client: the caregiver is on its care team and works in its clinic. */
export const careTeamClient = (caregiverId: number): Prisma.ClientWhereInput => ({
  careTeam: { some: { caregiverId } },
  clinic: { caregivers: { some: { caregiverId } } },
});

/** The same rule in SQL, for the client id and caregiver id given as expressions (or a caregiver id). */
export const careTeamClientSql = (clientId: Expression<number>, caregiverId: Expression<number> | number) =>
  sql<SqlBool>`exists (
  select 1 from "CareTeamMember" t
    join "Client" tc on tc.id = t."clientId"
    join "CaregiverClinic" tm on tm."clinicId" = tc."clinicId" and tm."caregiverId" = t."caregiverId"
   where t."clientId" = ${clientId} and t."caregiverId" = ${caregiverId})`;
