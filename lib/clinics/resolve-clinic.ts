import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { AppError, fieldError, notFound } from "@/lib/errors";

/**
 * The clinic a CLINIC or INSTITUTE caller acts on. A clinic outside the caller's scope, existing
 * or not, answers 404. An institute must name the clinic.
 */
export async function resolveClinic(scope: Scope, requested: number | null | undefined): Promise<number> {
  if (scope.role === "CLINIC") {
    if (requested != null && requested !== scope.clinicId) throw notFound("clinic");
    return scope.clinicId!;
  }
  if (scope.role === "INSTITUTE") {
    if (requested == null) throw fieldError("bad_request", "clinicId", "clinicId is required for an institute");
    const clinic = await db().clinic.findFirst({
      where: { id: requested, instituteId: scope.instituteId! },
      select: { id: true },
    });
    if (!clinic) throw notFound("clinic");
    return clinic.id;
  }
  throw new AppError("forbidden", `this operation is not open to the ${scope.role} role`);
}
