import "server-only";
import type { z } from "zod";
import { databaseNow } from "@/lib/db/database-clock";
import type { Tx } from "@/lib/db/prisma";
import type { InvitationState } from "@/lib/schemas/caregiver";

export const INVITATION_DAYS = 7;

type InvitationMoments = { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null };
type State = z.infer<typeof InvitationState>;

/** Used and revoked are final, whatever the clock says. */
const finalState = (i: InvitationMoments): State | null => (i.usedAt ? "USED" : i.revokedAt ? "REVOKED" : null);

/**
 * What an invitation row says now: used and revoked are final; expiry is by the database's clock,
 * by which the link's end was written and the acceptance checks it, so a staff page, the invitee's
 * page and the acceptance agree on any host. The clock is read only when it decides.
 */
export async function invitationState(p: Pick<Tx, "$queryRaw">, i: InvitationMoments): Promise<State> {
  return finalState(i) ?? expiryState(i, await databaseNow(p));
}

/**
 * The same, given the database's now read by a statement the caller runs anyway (`NOW_MS_SQL`),
 * so that its read adds no round trip for the clock.
 */
export const invitationStateAt = (i: InvitationMoments, databaseNow: Date): State =>
  finalState(i) ?? expiryState(i, databaseNow);

const expiryState = (i: InvitationMoments, databaseNow: Date): State =>
  i.expiresAt <= databaseNow ? "EXPIRED" : "OPEN";
