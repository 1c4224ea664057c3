import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { caregiverHeld, mayBeInvited, setSignInHold } from "@/lib/auth/sign-in-hold";
import { leaveClinic, lockClientsOfCaregiver } from "@/lib/clinics/remove-caregiver-from-clinic";
import { db } from "@/lib/db/prisma";
import { AppError, conflict, fieldError } from "@/lib/errors";
import type { CaregiverUpdateInput } from "@/lib/schemas/caregiver";
import { caregiverInScope, clinicInScope, sharedCaregiver } from "./caregiver-in-scope";
import { careTeamsClientsInScope, changeCareTeams } from "./change-care-teams";
import { caregiverDetail, type CaregiverDetailBody } from "./read-caregiver";

/**
 * Changes a care provider's details, status, clinics and care teams in one transaction. A status
 * change sets the sign-in hold in the same transaction (a held person loses their tokens and web
 * sessions at once) and, for a status that may not accept an invitation, revokes the open one.
 * Leaving a clinic follows the operator's rule (membership and that clinic's care teams go), but is
 * refused while they own an open session there, and for their last clinic. Care teams change after
 * the clinics, so that they are checked against the clinics the person works in once changed.
 */
export async function updateCaregiver(
  scope: ClinicScope | InstituteScope,
  id: number,
  input: CaregiverUpdateInput,
  offset: number,
): Promise<CaregiverDetailBody> {
  const add = input.addClinicIds ?? [];
  const remove = input.removeClinicIds ?? [];
  refuseBoth(add, remove, "addClinicIds", "clinic");
  const team = { add: input.addClientIds ?? [], remove: input.removeClientIds ?? [] };
  refuseBoth(team.add, team.remove, "addClientIds", "client");
  return db().$transaction(async (tx) => {
    const caregiver = await caregiverInScope(tx, scope, id);
    const status = input.activationStatus;
    await tx.caregiver.update({
      where: { id },
      data: {
        name: input.name,
        mobile: input.mobile,
        position: input.position,
        language: input.language,
        activationStatus: status,
      },
      select: { id: true },
    });
    // The status was read under the row lock: a change committed just before ours is seen here.
    if (status && status !== caregiver.activationStatus) {
      await setSignInHold(tx, { caregiverId: id }, caregiverHeld(status));
      if (!mayBeInvited(status)) {
        await tx.invitation.updateMany({
          where: { caregiverId: id, usedAt: null, revokedAt: null },
          data: { revokedAt: new Date() },
        });
      }
    }
    for (const requested of add) {
      const clinicId = await clinicInScope(tx, scope, requested);
      await tx.caregiverClinic.createMany({
        data: [{ caregiverId: id, clinicId, instituteId: caregiver.instituteId }],
        skipDuplicates: true,
      });
    }
    const removed: number[] = [];
    for (const requested of remove) removed.push(await clinicInScope(tx, scope, requested));
    // Every clinic's clients in one pass, in id order, with those whose care team changes: two
    // removals of several clinics each, named in different orders, would otherwise lock the same
    // clients in different orders and deadlock.
    const teamClients = await careTeamsClientsInScope(tx, scope, team);
    await lockClientsOfCaregiver(
      tx,
      id,
      removed,
      teamClients.map((c) => c.id),
    );
    for (const [i, clinicId] of removed.entries()) {
      // Left before counting: the membership's row is then held, so whatever gives the caregiver a
      // session or a client of the clinic meanwhile either committed before (and is counted) or
      // waits and finds them gone (lockMemberships).
      await leaveClinic(tx, id, clinicId);
      const open = await tx.session.count({ where: { caregiverId: id, clinicId, closedAt: null } });
      if (open > 0) {
        // Named as staff know it: the page shows this message as it is.
        const clinic = await tx.clinic.findUniqueOrThrow({ where: { id: clinicId }, select: { name: true } });
        throw conflict(
          `the care provider owns ${open} open session${open === 1 ? "" : "s"} in ${clinic.name}; close or hand them over first`,
          `removeClinicIds.${i}`,
        );
      }
    }
    await changeCareTeams(tx, scope, id, team, teamClients);
    // Checked after the clinic and care-team changes so that their own refusals keep their field
    // paths; a throw anywhere rolls back the whole change.
    const changesPerson = [input.name, input.mobile, input.position, input.language, status].some(
      (v) => v !== undefined,
    );
    if (changesPerson && caregiver.sharedWithOtherClinics) throw sharedCaregiver();
    if (remove.length && (await tx.caregiverClinic.count({ where: { caregiverId: id } })) === 0) {
      throw new AppError("conflict", "a care provider works in at least one clinic; set them INACTIVE instead", [
        { path: "removeClinicIds", message: "would leave no clinic" },
      ]);
    }
    return caregiverDetail(tx, id, offset);
  });
}

/** 400 at the first id named both to add and to remove: the request would say two things. */
function refuseBoth(add: readonly number[], remove: readonly number[], field: string, what: string) {
  const both = add.findIndex((id) => remove.includes(id));
  if (both >= 0) throw fieldError("bad_request", `${field}.${both}`, `a ${what} cannot be added and removed at once`);
}
