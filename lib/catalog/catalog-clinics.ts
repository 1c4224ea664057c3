import "server-only";
import type { ScopeOf } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";

/** Clinics whose catalog the caller may read: a caregiver's clinics, or the staff's/institute's one. */
export async function catalogClinics(
  scope: ScopeOf<"CLINIC" | "INSTITUTE" | "CAREGIVER">,
  requested?: number,
): Promise<number[]> {
  if (scope.role !== "CAREGIVER") return [await resolveClinic(scope, requested)];
  const rows = await db().caregiverClinic.findMany({
    where: { caregiverId: scope.caregiverId },
    select: { clinicId: true },
  });
  const ids = rows.map((r) => r.clinicId);
  if (requested === undefined) return ids;
  if (!ids.includes(requested)) throw notFound("clinic");
  return [requested];
}
