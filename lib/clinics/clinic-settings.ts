import "server-only";
import type { ScopeOf } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import type { ClinicSettings, ClinicSettingsUpdate, CrisisContactBody } from "@/lib/schemas/clinic-settings";

const SETTINGS = { crisisContact: true, dutyEmail: true } as const;

/** The settings of the staff's clinic. */
export async function readClinicSettings(scope: ScopeOf<"CLINIC">): Promise<ClinicSettings> {
  const clinic = await db().clinic.findUnique({ where: { id: scope.clinicId }, select: SETTINGS });
  if (!clinic) throw notFound("clinic");
  return clinic;
}

/** The client's own clinic's crisis contact: the one setting a client reads. */
export async function readOwnCrisisContact(scope: ScopeOf<"CLIENT">): Promise<CrisisContactBody> {
  const clinic = await db().clinic.findUnique({ where: { id: scope.clinicId }, select: { crisisContact: true } });
  if (!clinic) throw notFound("clinic");
  return clinic;
}

/** Changes the settings the body names; the answer is the settings after the change. */
export async function updateClinicSettings(
  scope: ScopeOf<"CLINIC">,
  body: ClinicSettingsUpdate,
): Promise<ClinicSettings> {
  return db().clinic.update({
    where: { id: scope.clinicId },
    data: { crisisContact: body.crisisContact, dutyEmail: body.dutyEmail },
    select: SETTINGS,
  });
}
