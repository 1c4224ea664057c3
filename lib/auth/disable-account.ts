import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * The operator disables a sign-in: it can no longer sign in, and every token, web session and
 * password reset link it holds is revoked now, so enabling it again later brings none of them back. Takes the client it
 * runs on (the operator's CLI has no caller scope). Throws Prisma's P2025 for an unknown username.
 */
export async function disableAccount(p: PrismaClient, username: string): Promise<{ id: number; username: string }> {
  return p.$transaction(async (tx) => {
    const account = await tx.account.update({
      where: { username },
      data: { disabled: true },
      select: { id: true, username: true },
    });
    const now = new Date();
    const where = { accountId: account.id, revokedAt: null };
    await tx.accessToken.updateMany({ where, data: { revokedAt: now } });
    await tx.refreshToken.updateMany({ where, data: { revokedAt: now } });
    await tx.webSession.updateMany({ where, data: { revokedAt: now } });
    await tx.passwordReset.updateMany({ where: { ...where, usedAt: null }, data: { revokedAt: now } });
    return account;
  });
}

/** Lets a disabled sign-in sign in again (with new tokens and sessions only). */
export async function enableAccount(p: PrismaClient, username: string): Promise<{ id: number; username: string }> {
  return p.account.update({ where: { username }, data: { disabled: false }, select: { id: true, username: true } });
}
