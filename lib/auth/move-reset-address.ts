import "server-only";
import { revokeResetLinks } from "@/lib/auth/revoke-sign-ins";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";

/**
 * The operator moves where a sign-in's password reset links go (docs/password-reset.md): staff
 * cannot, or they could take the sign-in over. The links already sent to the old address are
 * revoked with the move, in one transaction: whoever still reads that mailbox cannot use them.
 * Tokens and web sessions stay, as the password does. An institute's API sign-in has no address
 * (its password is the operator's to set). Throws Prisma's P2025 for an unknown username.
 */
export async function moveResetAddress(
  p: PrismaClient,
  username: string,
  email: string,
): Promise<{ id: number; username: string; email: string; linksRevoked: number }> {
  const address = email.toLowerCase();
  return p.$transaction(async (tx) => {
    const { role } = await tx.account.findUniqueOrThrow({ where: { username }, select: { role: true } });
    if (role === "INSTITUTE") throw new AppError("conflict", "an institute's API sign-in has no reset address");
    const account = await tx.account.update({
      where: { username },
      data: { email: address },
      select: { id: true, username: true },
    });
    return { ...account, email: address, linksRevoked: await revokeResetLinks(tx, account.id) };
  });
}
