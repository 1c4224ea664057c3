import "server-only";
import type { ScopeOf } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import type { ClinicSettings, ClinicSettingsUpdate } from "@/lib/schemas/clinic-settings";

/** The settings of the caller's clinic: its staff's, or the client's own clinic's (the crisis contact). */
export async function readClinicSettings(scope: ScopeOf<"CLINIC" | "CLIENT">): Promise<ClinicSettings> {
  const clinic = await db().clinic.findUnique({ where: { id: scope.clinicId }, select: { crisisContact: true } });
  if (!clinic) throw notFound("clinic");
  return clinic;
}

/** Changes the settings of the caller's clinic; the answer is the settings after the change. */
export async function updateClinicSettings(
  scope: ScopeOf<"CLINIC">,
  body: ClinicSettingsUpdate,
): Promise<ClinicSettings> {
  return db().clinic.update({
    where: { id: scope.clinicId },
    data: { crisisContact: body.crisisContact },
    select: { crisisContact: true },
  });
}
