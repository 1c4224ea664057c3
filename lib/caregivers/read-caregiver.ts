import "server-only";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { formatDate } from "@/lib/dates";
import { db, type Tx } from "@/lib/db/prisma";
import { invitationState } from "@/lib/invitations/invitation-state";
import type { CaregiverDetail } from "@/lib/schemas/caregiver";
import { checkCaregiverInScope } from "./caregiver-in-scope";

export type CaregiverDetailBody = z.infer<typeof CaregiverDetail>;

/** One care provider as the clinic's staff see them: details, clinics, sign-in and invitation. */
export async function readCaregiver(
  scope: ClinicScope | InstituteScope,
  id: number,
  offset: number,
): Promise<CaregiverDetailBody> {
  return db().$transaction(async (tx) => {
    await checkCaregiverInScope(tx, scope, id);
    return caregiverDetail(tx, id, offset);
  });
}

/** The detail of a care provider already checked against the caller's scope. */
export async function caregiverDetail(tx: Tx, id: number, offset: number): Promise<CaregiverDetailBody> {
  const c = await tx.caregiver.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      name: true,
      email: true,
      mobile: true,
      position: true,
      language: true,
      activationStatus: true,
      clinics: { select: { clinic: { select: { id: true, name: true } } }, orderBy: { clinicId: "asc" } },
      account: { select: { id: true } },
      invitations: {
        select: { clinicId: true, expiresAt: true, usedAt: true, revokedAt: true },
        orderBy: { id: "desc" },
        take: 1,
      },
    },
  });
  const [last] = c.invitations;
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    mobile: c.mobile,
    position: c.position,
    language: c.language,
    activationStatus: c.activationStatus,
    clinics: c.clinics.map((m) => m.clinic),
    hasSignIn: c.account !== null,
    invitation: last
      ? {
          state: await invitationState(tx, last),
          clinicId: last.clinicId,
          expiresAt: formatDate(last.expiresAt, offset),
        }
      : null,
  };
}
