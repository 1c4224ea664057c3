import "server-only";
import { z } from "zod";
import { pages } from "@/lib/api-client/paths";
import type { ScopeOf } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/enqueue";
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

/**
 * Changes the settings the body names; the answer is the settings after the change. A new duty
 * contact is announced to the one it replaces and to the clinic's own address, in the transaction
 * of the change: an address pointed elsewhere would otherwise silence the second level of the
 * alerts unseen.
 */
export async function updateClinicSettings(
  scope: ScopeOf<"CLINIC">,
  body: ClinicSettingsUpdate,
): Promise<ClinicSettings> {
  return db().$transaction(async (tx) => {
    // Locked, so that of two changes at once each announces the address it replaced.
    const [before] = Before.parse(
      await tx.$queryRaw`select name, email, "dutyEmail" from "Clinic" where id = ${scope.clinicId} for no key update`,
    );
    if (!before) throw notFound("clinic");
    const after = await tx.clinic.update({
      where: { id: scope.clinicId },
      data: { crisisContact: body.crisisContact, dutyEmail: body.dutyEmail },
      select: SETTINGS,
    });
    if (after.dutyEmail !== before.dutyEmail)
      for (const to of new Set([before.dutyEmail ?? before.email, before.email]))
        await enqueue(tx, "send-email", {
          to,
          language: "EN",
          kind: "duty-changed",
          params: { path: pages.clinicSettings, clinic: before.name, now: after.dutyEmail ?? "none" },
        });
    return after;
  });
}

const Before = z.array(z.object({ name: z.string(), email: z.string(), dutyEmail: z.string().nullable() }));
