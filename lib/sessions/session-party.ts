import "server-only";
import { sql, type SqlBool } from "kysely";
import type { Scope } from "@/lib/auth/scope";
import type { Prisma } from "@/lib/generated/prisma/client";
import { careTeamClient, careTeamSessionSql } from "@/lib/sessions/care-team";

// The parties to a session, who may read and write its conversation and its documents: its client,
// a caregiver who may see the client (care-team.ts), the staff of its clinic, the institute of that
// clinic. The same rule for Prisma queries and SQL statements, here and nowhere else; outside it a
// session is "not found". An erased client's sessions (lib/clients/erase-client.ts) are kept for the
// audit trail only: the staff and the institute are no party to them any more (the client's sign-in
// and care team are gone).

/** Prisma condition on a session: the caller is a party to it. */
export function sessionParty(scope: Scope): Prisma.SessionWhereInput {
  switch (scope.role) {
    case "CLIENT":
      return { clientId: scope.clientId };
    case "CAREGIVER":
      return { client: careTeamClient(scope.caregiverId) };
    case "CLINIC":
      return { clinicId: scope.clinicId, client: { erasedAt: null } };
    case "INSTITUTE":
      return { clinic: { instituteId: scope.instituteId }, client: { erasedAt: null } };
  }
}

/** The same rule in SQL, for the session aliased `s`. Its text varies with the role: name statements per role. */
export function sessionPartySql(s: string, scope: Scope) {
  const ref = (column: string) => sql.ref(`${s}.${column}`);
  switch (scope.role) {
    case "CLIENT":
      return sql<SqlBool>`${ref("clientId")} = ${scope.clientId}::int`;
    case "CAREGIVER":
      return careTeamSessionSql(s, sql<number>`${scope.caregiverId}::int`);
    case "CLINIC":
      return sql<SqlBool>`(${ref("clinicId")} = ${scope.clinicId}::int and ${notErased(s)})`;
    case "INSTITUTE":
      return sql<SqlBool>`(exists (select 1 from "Clinic" sc where sc.id = ${ref("clinicId")} and sc."instituteId" = ${scope.instituteId}::int) and ${notErased(s)})`;
  }
}

/** The client of the session aliased `s` was not erased (the staff's and the institute's rule). */
export const notErased = (s: string) =>
  sql<SqlBool>`not exists (select 1 from "Client" ec where ec.id = ${sql.ref(`${s}.clientId`)} and ec."erasedAt" is not null)`;
