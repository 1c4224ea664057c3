import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { fieldError, notFound } from "@/lib/errors";

/**
 * The clinic a CLINIC or INSTITUTE caller acts on. A clinic outside the caller's scope, existing
 * or not, answers 404. An institute must name the clinic.
 */
export async function resolveClinic(
  s: ClinicScope | InstituteScope,
  requested: number | null | undefined,
): Promise<number> {
  if (s.role === "CLINIC") {
    if (requested != null && requested !== s.clinicId) throw notFound("clinic");
    return s.clinicId;
  }
  if (requested == null) throw fieldError("bad_request", "clinicId", "clinicId is required for an institute");
  const clinic = await db().clinic.findFirst({
    where: { id: requested, instituteId: s.instituteId },
    select: { id: true },
  });
  if (!clinic) throw notFound("clinic");
  return clinic.id;
}
