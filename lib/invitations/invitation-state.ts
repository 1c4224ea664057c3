import "server-only";
import type { z } from "zod";
import { databaseNow } from "@/lib/db/database-clock";
import type { Tx } from "@/lib/db/prisma";
import type { InvitationState } from "@/lib/schemas/caregiver";

export const INVITATION_DAYS = 7;

/**
 * What an invitation row says now: used and revoked are final; expiry is by the database's clock,
 * by which the link's end was written and the acceptance checks it, so a staff page, the invitee's
 * page and the acceptance agree on any host. The clock is read only when it decides.
 */
export async function invitationState(
  p: Pick<Tx, "$queryRaw">,
  i: { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null },
): Promise<z.infer<typeof InvitationState>> {
  if (i.usedAt) return "USED";
  if (i.revokedAt) return "REVOKED";
  return i.expiresAt <= (await databaseNow(p)) ? "EXPIRED" : "OPEN";
}
