import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { fieldError, notFound } from "@/lib/errors";

/**
 * The clinic a CLINIC or INSTITUTE caller acts on: `requested` absent or 0 (OPTT's samples send 0)
 * is the caller's own clinic for CLINIC; an INSTITUTE must name one of its clinics. A clinic
 * outside the caller's scope, existing or not, answers 404. The schema of the field is
 * `ClinicIdOrCaller` (lib/schemas/common.ts).
 */
export async function resolveClinic(
  s: ClinicScope | InstituteScope,
  requested: number | null | undefined,
): Promise<number> {
  if (s.role === "CLINIC") {
    if (requested && requested !== s.clinicId) throw notFound("clinic");
    return s.clinicId;
  }
  if (!requested) throw fieldError("bad_request", "clinicId", "clinicId is required for an institute");
  const clinic = await db().clinic.findFirst({
    where: { id: requested, instituteId: s.instituteId },
    select: { id: true },
  });
  if (!clinic) throw notFound("clinic");
  return clinic.id;
}
