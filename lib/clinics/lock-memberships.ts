import "server-only";
import { sql } from "kysely";
import type { Tx } from "@/lib/db/prisma";
import { sqlBuilder } from "@/lib/db/sql";

/**
 * SQL: the rows of `CaregiverClinic` of these caregivers at the clinic, held `for key share` until
 * the transaction ends. Whatever gives a caregiver something of a clinic (a place on a client's care
 * team, a session) reads their membership so: a removal from the clinic deletes the row before it
 * counts their open sessions, so one waits for the other and the removal either sees what was given
 * (and refuses) or the giver finds the membership gone (and refuses).
 */
export const membershipsSql = (clinicId: number, caregiverIds: number[]) =>
  sql<{ caregiverId: number }>`select "caregiverId" from "CaregiverClinic"
 where "clinicId" = ${clinicId}::int and "caregiverId" = any(${caregiverIds}::int[])
   for key share`;

/** The caregivers of `caregiverIds` who work at the clinic, their memberships held (membershipsSql). */
export async function lockMemberships(tx: Tx, clinicId: number, caregiverIds: number[]): Promise<Set<number>> {
  if (caregiverIds.length === 0) return new Set();
  const q = membershipsSql(clinicId, caregiverIds).compile(sqlBuilder);
  const rows = await tx.$queryRawUnsafe<{ caregiverId: number }[]>(q.sql, ...q.parameters);
  return new Set(rows.map((r) => r.caregiverId));
}
