import "server-only";
import type { Tx } from "@/lib/db/prisma";

/**
 * Ends, in the caller's transaction, everything that lets the account in without its password:
 * its access and refresh tokens, its web sessions and its open password reset links. Taken by
 * what closes a sign-in (a disable, a hold) or changes its password (a reset), so lifting the
 * closure later, or the old password, brings none of them back.
 */
export async function revokeSignIns(tx: Tx, accountId: number): Promise<void> {
  const where = { accountId, revokedAt: null };
  const data = { revokedAt: new Date() };
  await tx.accessToken.updateMany({ where, data });
  await tx.refreshToken.updateMany({ where, data });
  await tx.webSession.updateMany({ where, data });
  await revokeResetLinks(tx, accountId);
}

/** Revokes, in the caller's transaction, the account's reset links not yet used; gives how many. */
export async function revokeResetLinks(tx: Tx, accountId: number): Promise<number> {
  const { count } = await tx.passwordReset.updateMany({
    where: { accountId, revokedAt: null, usedAt: null },
    data: { revokedAt: new Date() },
  });
  return count;
}
