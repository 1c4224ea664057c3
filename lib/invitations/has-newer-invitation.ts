import "server-only";
import type { Tx } from "@/lib/db/prisma";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Whether a revoked invitation was revoked by a newer link for the same person (renewed), rather
 * than by a status that may not sign in: only then is there a newer link to point the person to.
 */
export async function hasNewerInvitation(
  p: Tx | PrismaClient,
  row: { id: number; caregiverId: number | null; clientId: number | null },
): Promise<boolean> {
  const person = row.caregiverId ? { caregiverId: row.caregiverId } : row.clientId ? { clientId: row.clientId } : null;
  return person ? (await p.invitation.count({ where: { ...person, id: { gt: row.id } } })) > 0 : false;
}
