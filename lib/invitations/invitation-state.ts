import type { z } from "zod";
import type { InvitationState } from "@/lib/schemas/caregiver";

export const INVITATION_DAYS = 7;

/**
 * What an invitation row says at `now`: used and revoked are final, expiry follows the clock.
 * Whatever decides (the invitee's page, the acceptance) passes the database's now; a staff read-out
 * passes its host's, near enough for a 7-day link (docs/care-providers.md).
 */
export function invitationState(
  i: { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null },
  now: Date,
): z.infer<typeof InvitationState> {
  if (i.usedAt) return "USED";
  if (i.revokedAt) return "REVOKED";
  if (i.expiresAt <= now) return "EXPIRED";
  return "OPEN";
}
