import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import type { Tx } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import { lockCaregiver } from "./lock-caregiver";

/**
 * Whether the staff caller may see the care provider: a CLINIC one working in its clinic, an
 * INSTITUTE one of its own. Anything else answers 404. Takes no lock: reading never waits for a write.
 */
export async function checkCaregiverInScope(tx: Tx, scope: ClinicScope | InstituteScope, id: number): Promise<void> {
  const found = await tx.caregiver.findFirst({
    where:
      scope.role === "CLINIC"
        ? { id, clinics: { some: { clinicId: scope.clinicId } } }
        : { id, instituteId: scope.instituteId },
    select: { id: true },
  });
  if (!found) throw notFound("care provider");
}

/**
 * The same, for a change: the care provider's row locked for the caller's transaction (status
 * changes, clinic changes, invitations and their acceptance take this lock in turn), their status
 * read under that lock, and whether they also work in clinics other than a CLINIC caller's own.
 */
export async function caregiverInScope(tx: Tx, scope: ClinicScope | InstituteScope, id: number) {
  await checkCaregiverInScope(tx, scope, id);
  const locked = await lockCaregiver(tx, id);
  if (!locked) throw notFound("care provider");
  const elsewhere =
    scope.role === "CLINIC"
      ? await tx.caregiverClinic.count({ where: { caregiverId: id, clinicId: { not: scope.clinicId } } })
      : 0;
  return { id, ...locked, sharedWithOtherClinics: elsewhere > 0 };
}

/**
 * A clinic manages a care provider's status, invitation and details only when it is the only
 * clinic they work in: someone other clinics of the institute employ too is the institute's to
 * change (docs/care-providers.md, "Shared care providers").
 */
export const sharedCaregiver = () =>
  conflict(
    "this care provider works in other clinics of the institute too: the institute changes their status and details and invites them",
  );

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
