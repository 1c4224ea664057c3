import "server-only";
import { revokeSignIns } from "@/lib/auth/revoke-sign-ins";
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
    await revokeSignIns(tx, account.id);
    return account;
  });
}

/** Lets a disabled sign-in sign in again (with new tokens and sessions only). */
export async function enableAccount(p: PrismaClient, username: string): Promise<{ id: number; username: string }> {
  return p.account.update({ where: { username }, data: { disabled: false }, select: { id: true, username: true } });
}
