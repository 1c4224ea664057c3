import "server-only";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { recordReadIn } from "@/lib/audit/record-read";
import { clientHeld, setSignInHold } from "@/lib/auth/sign-in-hold";
import { visibleClients } from "@/lib/clients/client-scope";
import { duplicateClientConflict } from "@/lib/clients/duplicate-client";
import { lockClient } from "@/lib/clients/lock-client";
import { CLIENT_SUMMARY_SELECT, mapClientSummary } from "@/lib/clients/list-clients";
import { lockMemberships } from "@/lib/clinics/lock-memberships";
import { db, type Tx } from "@/lib/db/prisma";
import { AppError, notFound, type FieldError } from "@/lib/errors";
import { retitleDefaultSessions } from "@/lib/sessions/default-title";
import type { ClientSummary, ClientUpdateInput } from "@/lib/schemas/client";

/**
 * Changes a client of the caller's clinic (or institute): the fields sent, its status and its care
 * team, in one transaction under the client's row lock (lock-client.ts), so on any error nothing
 * changes. INACTIVE holds the client's sign-in at once (sign-in-hold.ts); nothing is deleted.
 */
export async function updateClient(
  scope: ClinicScope | InstituteScope,
  id: number,
  input: ClientUpdateInput,
  offset: number,
): Promise<z.infer<typeof ClientSummary>> {
  // A client never changes clinic, so whether the caller may see it holds for the transaction.
  const visible = await db().client.findFirst({
    where: { AND: [{ id }, visibleClients(scope)] },
    select: { clinicId: true },
  });
  if (!visible) throw notFound("client");
  try {
    return await db().$transaction(async (tx) => {
      const locked = await lockClient(tx, id);
      if (!locked) throw notFound("client");
      if (input.careTeam) await changeCareTeam(tx, id, visible.clinicId, input.careTeam);
      // Prisma leaves a field that is undefined (not sent) as it is; null removes an optional one.
      const c = await tx.client.update({
        where: { id },
        data: {
          name: input.name,
          email: input.email?.toLowerCase(),
          mobile: input.mobile,
          externalClientId: input.externalClientId,
          language: input.language,
          status: input.status,
        },
        select: CLIENT_SUMMARY_SELECT,
      });
      if (c.status !== locked.status) await setSignInHold(tx, { clientId: id }, clientHeld(c.status));
      await retitleDefaultSessions(tx, id, locked.language, c.language);
      // The answer shows the client as the list does: a read, with its row.
      await recordReadIn(tx, scope, "READ_CLIENT", visible.clinicId, id);
      return mapClientSummary(c, offset);
    });
  } catch (e) {
    throw (await duplicateClientConflict(e, scope, visible.clinicId, input)) ?? e;
  }
}

type CareTeamChange = NonNullable<ClientUpdateInput["careTeam"]>;

async function changeCareTeam(tx: Tx, clientId: number, clinicId: number, change: CareTeamChange) {
  const add = change.add ?? [];
  const remove = change.remove ?? [];
  const known = await lockMemberships(tx, clinicId, [...add, ...remove]);
  const unknown: FieldError[] = [
    ...add.map((cid, i) => ({ cid, path: `careTeam.add.${i}` })),
    ...remove.map((cid, i) => ({ cid, path: `careTeam.remove.${i}` })),
  ]
    .filter(({ cid }) => !known.has(cid))
    .map(({ cid, path }) => ({ path, message: `caregiver ${cid} is not a care provider of the clinic` }));
  const [firstUnknown] = unknown;
  if (firstUnknown) throw new AppError("unprocessable", firstUnknown.message, unknown);

  if (remove.length) {
    // The owner of an open session must stay on the team: else nobody who may read the session
    // would own it. Closed sessions keep their owner whatever the team becomes.
    const open = await tx.session.findMany({
      where: { clientId, caregiverId: { in: remove }, closedAt: null },
      select: { id: true, caregiverId: true },
      orderBy: { id: "asc" },
    });
    if (open.length) {
      const errors = remove.flatMap((cid, i) => {
        const owned = open.filter((s) => s.caregiverId === cid);
        if (!owned.length) return [];
        // Ids only: a session's title is the clinic's words about the client's care.
        const list = owned.map((s) => s.id).join(", ");
        return [
          { path: `careTeam.remove.${i}`, message: `caregiver ${cid} owns open sessions of this client: ${list}` },
        ];
      });
      throw new AppError(
        "conflict",
        `${errors.map((e) => e.message).join("; ")}. Close these sessions before removing their owner from the care team.`,
        errors,
      );
    }
    await tx.careTeamMember.deleteMany({ where: { clientId, caregiverId: { in: remove } } });
  }
  if (add.length)
    await tx.careTeamMember.createMany({
      data: add.map((caregiverId) => ({ clientId, caregiverId })),
      skipDuplicates: true,
    });
}
