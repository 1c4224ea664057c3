import type { z } from "zod";
import type { InvitationState } from "@/lib/schemas/caregiver";

export const INVITATION_DAYS = 7;

/** What an invitation row says now: used and revoked are final, expiry follows the clock. */
export function invitationState(
  i: { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null },
  now = new Date(),
): z.infer<typeof InvitationState> {
  if (i.usedAt) return "USED";
  if (i.revokedAt) return "REVOKED";
  if (i.expiresAt <= now) return "EXPIRED";
  return "OPEN";
}
