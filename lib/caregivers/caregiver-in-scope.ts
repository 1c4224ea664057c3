import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import type { Tx } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";

/**
 * A care provider the staff caller may manage, locked for the caller's transaction: for a CLINIC
 * one working in its clinic, for an INSTITUTE one of its own. Anything else answers 404.
 */
export async function caregiverInScope(tx: Tx, scope: ClinicScope | InstituteScope, id: number) {
  const found = await tx.caregiver.findFirst({
    where:
      scope.role === "CLINIC"
        ? { id, clinics: { some: { clinicId: scope.clinicId } } }
        : { id, instituteId: scope.instituteId },
    select: { id: true, instituteId: true, activationStatus: true },
  });
  if (!found) throw notFound("care provider");
  // Status changes, clinic changes, invitations and their acceptance take this lock in turn.
  await tx.$queryRaw`select id from "Caregiver" where id = ${id} for update`;
  return found;
}

/** A clinic the staff caller may add or remove: a CLINIC its own, an INSTITUTE one of its clinics. */
export async function clinicInScope(tx: Tx, scope: ClinicScope | InstituteScope, clinicId: number): Promise<number> {
  if (scope.role === "CLINIC") {
    if (clinicId !== scope.clinicId) throw notFound("clinic");
    return clinicId;
  }
  const clinic = await tx.clinic.findFirst({
    where: { id: clinicId, instituteId: scope.instituteId },
    select: { id: true },
  });
  if (!clinic) throw notFound("clinic");
  return clinic.id;
}
