import "server-only";
import { lockClients } from "@/lib/clients/lock-client";
import type { Tx } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * The operator takes a caregiver out of a clinic: the membership and every care-team row of theirs
 * on that clinic's clients go in one transaction, so they read nothing of the clinic from then on
 * (the scope rule, care-team.ts, also requires the membership). The clinic keeps everything else:
 * sessions they owned stay as they are, open or closed, readable by the clinic's staff and by the
 * rest of each client's care team. Their other clinics are untouched.
 */
export async function removeCaregiverFromClinic(p: PrismaClient, caregiverId: number, clinicId: number) {
  return p.$transaction(async (tx) => {
    await lockClientsOfCaregiver(tx, caregiverId, [clinicId]);
    const { membership, careTeamsLeft } = await leaveClinic(tx, caregiverId, clinicId);
    if (membership === 0 && careTeamsLeft === 0) {
      throw new AppError("not_found", `caregiver ${caregiverId} is not a member of clinic ${clinicId}`);
    }
    const openSessions = await tx.session.count({ where: { caregiverId, clinicId, closedAt: null } });
    return { careTeamsLeft, openSessions };
  });
}

/** The rule of a removal, in the caller's transaction: the membership and the clinic's care-team rows. */
export async function leaveClinic(tx: Tx, caregiverId: number, clinicId: number) {
  const membership = await tx.caregiverClinic.deleteMany({ where: { caregiverId, clinicId } });
  const careTeams = await tx.careTeamMember.deleteMany({ where: { caregiverId, client: { clinicId } } });
  return { membership: membership.count, careTeamsLeft: careTeams.count };
}

/**
 * Takes the row lock of every client of the clinics whose care team the caregiver is on or whose
 * open session they own, in id order over all the clinics (so two removals cannot deadlock).
 * Scheduling holds the same lock (lockClient), so a removal and a scheduling for one client run one
 * after the other. What the lock cannot cover (a client created, or a care team joined, after these
 * rows were read) the membership's row does: leaveClinic deletes it, and those writers hold it
 * (lockMemberships). Call before leaveClinic, then count the caregiver's open sessions. `alsoClientIds`
 * are locked in the same statement: the clients whose care team the same change touches
 * (change-care-teams.ts), which locked apart would not be in id order with the others.
 */
export async function lockClientsOfCaregiver(
  tx: Tx,
  caregiverId: number,
  clinicIds: number[],
  alsoClientIds: readonly number[] = [],
): Promise<void> {
  const [team, sessions] = await Promise.all([
    tx.careTeamMember.findMany({
      where: { caregiverId, client: { clinicId: { in: clinicIds } } },
      select: { clientId: true },
    }),
    tx.session.findMany({
      where: { caregiverId, clinicId: { in: clinicIds }, closedAt: null },
      select: { clientId: true },
    }),
  ]);
  await lockClients(tx, [...new Set([...[...team, ...sessions].map((r) => r.clientId), ...alsoClientIds])]);
}
