import "server-only";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { visibleClients } from "@/lib/clients/client-scope";
import { lockMemberships } from "@/lib/clinics/lock-memberships";
import type { Tx } from "@/lib/db/prisma";
import { AppError, type FieldError } from "@/lib/errors";

export type CareTeamsChange = { add: readonly number[]; remove: readonly number[] };
/** A client named by the change, as the caller may see it. */
export type TeamClient = { id: number; clinicId: number };

/**
 * Puts a care provider on clients' care teams and takes them off others, in the caller's
 * transaction, with the rules of a client's own care-team edit (update-client.ts): each client must
 * be the caller's (a CLINIC's own, an INSTITUTE's) and of a clinic the care provider works in, else
 * 422 at `addClientIds.<i>` / `removeClientIds.<i>`; the owner of an open session of the client
 * stays on its team (409). Adding a member and removing a non-member change nothing, so a retry is
 * harmless. `locked` are the clients of the change the caller has locked (lockClients, in id order
 * with every other client it locks, as a client's edit and a scheduling hold theirs), from
 * careTeamsClientsInScope: only those change, so a client that appeared since that read is refused
 * rather than changed without its lock. (A client's clinic never changes, so that read's clinics
 * stand.)
 */
export async function changeCareTeams(
  tx: Tx,
  scope: ClinicScope | InstituteScope,
  caregiverId: number,
  { add, remove }: CareTeamsChange,
  locked: readonly TeamClient[],
): Promise<void> {
  if (!add.length && !remove.length) return;
  const clinicOf = new Map(locked.map((c) => [c.id, c.clinicId]));
  // Their memberships held `for key share`, as whatever gives a care provider something of a clinic
  // holds them: a removal from the clinic (the operator's too) then runs before (and the clinic's
  // clients are refused here) or after (and takes the care-team rows written here with it).
  const worksIn = new Set<number>();
  for (const clinicId of [...new Set(clinicOf.values())].sort((a, b) => a - b))
    if ((await lockMemberships(tx, clinicId, [caregiverId])).size) worksIn.add(clinicId);
  const ours = (id: number) => {
    const clinicId = clinicOf.get(id);
    return clinicId !== undefined && worksIn.has(clinicId);
  };
  const unknown: FieldError[] = [
    ...add.map((id, i) => ({ id, path: `addClientIds.${i}` })),
    ...remove.map((id, i) => ({ id, path: `removeClientIds.${i}` })),
  ]
    .filter(({ id }) => !ours(id))
    .map(({ id, path }) => ({ path, message: notOursMessage(scope, id) }));
  const [firstUnknown] = unknown;
  if (firstUnknown) throw new AppError("unprocessable", firstUnknown.message, unknown);

  if (remove.length) {
    await refuseOpenSessions(tx, caregiverId, remove);
    await tx.careTeamMember.deleteMany({ where: { caregiverId, clientId: { in: [...remove] } } });
  }
  if (add.length)
    // In id order, as every writer of care-team rows for many clients (create-caregiver.ts).
    await tx.careTeamMember.createMany({
      data: add.toSorted((a, b) => a - b).map((clientId) => ({ clientId, caregiverId })),
      skipDuplicates: true,
    });
}

/**
 * The clients of the change that the caller may see, for the caller to lock: no one else's client
 * is locked, not even for the moment a refusal takes.
 */
export async function careTeamsClientsInScope(
  tx: Tx,
  scope: ClinicScope | InstituteScope,
  { add, remove }: CareTeamsChange,
): Promise<TeamClient[]> {
  if (!add.length && !remove.length) return [];
  return tx.client.findMany({
    where: { AND: [{ id: { in: [...add, ...remove] } }, visibleClients(scope)] },
    select: { id: true, clinicId: true },
  });
}

const notOursMessage = (scope: ClinicScope | InstituteScope, id: number) =>
  scope.role === "CLINIC"
    ? `client ${id} is not a client of the clinic`
    : `client ${id} is not a client of a clinic of the institute where the care provider works`;

/**
 * The owner of an open session must stay on its client's team: else nobody who may read the
 * session would own it (the client's edit refuses the same). Closed sessions keep their owner.
 */
async function refuseOpenSessions(tx: Tx, caregiverId: number, remove: readonly number[]) {
  const open = await tx.session.findMany({
    where: { caregiverId, clientId: { in: [...remove] }, closedAt: null },
    select: { id: true, clientId: true },
    orderBy: { id: "asc" },
  });
  if (!open.length) return;
  const errors = remove.flatMap((clientId, i) => {
    const owned = open.filter((s) => s.clientId === clientId);
    if (!owned.length) return [];
    // Ids only: a session's title is the clinic's words about the client's care.
    const list = owned.map((s) => s.id).join(", ");
    return [
      { path: `removeClientIds.${i}`, message: `the care provider owns open sessions of client ${clientId}: ${list}` },
    ];
  });
  throw new AppError(
    "conflict",
    `${errors.map((e) => e.message).join("; ")}. Close these sessions before taking the care provider off the client's care team.`,
    errors,
  );
}
