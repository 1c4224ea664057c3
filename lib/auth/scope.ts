import type { Role } from "@/lib/generated/prisma/enums";

// Who is calling and which ids their token is scoped to. Every lib function takes one and
// checks it inside; anything outside it answers "not found".
export type Scope = {
  accountId: number;
  role: Role;
  instituteId: number | null;
  /** CLINIC: the staff member's clinic; CLIENT: the client's clinic. */
  clinicId: number | null;
  caregiverId: number | null;
  clientId: number | null;
};

/** Columns (account `a`) from which a Scope is made; SCOPE_JOINS brings the clinic. */
export const SCOPE_COLUMNS = `a.id, a.role, a."instituteId", coalesce(st."clinicId", cl."clinicId") as "clinicId", a."caregiverId", a."clientId", a.disabled`;
export const SCOPE_JOINS = `left join "ClinicStaff" st on st.id = a."staffId" left join "Client" cl on cl.id = a."clientId"`;

type ScopeRow = {
  id: number;
  role: Role;
  instituteId: number | null;
  clinicId: number | null;
  caregiverId: number | null;
  clientId: number | null;
};

export const scopeOfRow = (row: ScopeRow): Scope => ({
  accountId: row.id,
  role: row.role,
  instituteId: row.instituteId,
  clinicId: row.clinicId,
  caregiverId: row.caregiverId,
  clientId: row.clientId,
});
