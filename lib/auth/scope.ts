import { sql } from "kysely";
import { sqlBuilder } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/generated/prisma/enums";

// Who is calling and which ids their token is scoped to. Every lib function takes one and
// checks it inside; anything outside it answers "not found". Each role carries exactly the ids its
// account has (schema.prisma, Account): narrow on `role` (or requireRole) to reach them.

/** An institute's operator: the institute's clinics. */
export type InstituteScope = { accountId: number; role: "INSTITUTE"; instituteId: number };
/** A clinic's staff member: that clinic. */
export type ClinicScope = { accountId: number; role: "CLINIC"; clinicId: number };
/** A care provider: the clients of the care teams they are on, in the clinics they work in (care-team.ts). */
export type CaregiverScope = { accountId: number; role: "CAREGIVER"; caregiverId: number };
/** A client: their own homework; clinicId is the client's clinic. */
export type ClientScope = { accountId: number; role: "CLIENT"; clientId: number; clinicId: number };

export type Scope = InstituteScope | ClinicScope | CaregiverScope | ClientScope;
export type ScopeOf<R extends Role> = Extract<Scope, { role: R }>;

/** The scope when its role is one of `roles`; otherwise 403, as the gateway answers a role it does not admit. */
export function requireRole<R extends Role>(scope: Scope, ...roles: R[]): ScopeOf<R> {
  if (isRole(scope, roles)) return scope;
  throw new AppError("forbidden", `this operation is not open to the ${scope.role} role`);
}

const isRole = <R extends Role>(scope: Scope, roles: R[]): scope is ScopeOf<R> => roles.some((r) => r === scope.role);

/**
 * The account `a` with its scope columns; the caller joins what leads to it (a token, a web
 * session). The clinic comes from the staff member's or the client's row.
 */
export const selectScope = () =>
  sqlBuilder
    .selectFrom("Account as a")
    .leftJoin("ClinicStaff as st", "st.id", "a.staffId")
    .leftJoin("Client as cl", "cl.id", "a.clientId")
    .select([
      "a.id",
      "a.role",
      "a.instituteId",
      sql<number | null>`coalesce(${sql.ref("st.clinicId")}, ${sql.ref("cl.clinicId")})`.as("clinicId"),
      "a.caregiverId",
      "a.clientId",
      "a.disabled",
      "a.heldByStatus",
    ]);

export type ScopeRow = {
  id: number;
  role: Role;
  instituteId: number | null;
  clinicId: number | null;
  caregiverId: number | null;
  clientId: number | null;
};

/** The scope of an account row; null when the row lacks an id its role needs (no such account is made). */
export function scopeOfRow(row: ScopeRow): Scope | null {
  const accountId = row.id;
  switch (row.role) {
    case "INSTITUTE":
      return row.instituteId === null ? null : { accountId, role: row.role, instituteId: row.instituteId };
    case "CLINIC":
      return row.clinicId === null ? null : { accountId, role: row.role, clinicId: row.clinicId };
    case "CAREGIVER":
      return row.caregiverId === null ? null : { accountId, role: row.role, caregiverId: row.caregiverId };
    case "CLIENT":
      return row.clientId === null || row.clinicId === null
        ? null
        : { accountId, role: row.role, clientId: row.clientId, clinicId: row.clinicId };
  }
}
