import "server-only";
import type { z } from "zod";
import { hashPassword } from "@/lib/auth/password";
import { revokeSignIns } from "@/lib/auth/revoke-sign-ins";
import { sha256 } from "@/lib/auth/token-hash";
import { nowSql } from "@/lib/db/database-clock";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, conflict, notFound } from "@/lib/errors";
import { checkRateLimit } from "@/lib/rate-limit/check-rate-limit";
import type { PasswordResetConfirm, PasswordResetDone } from "@/lib/schemas/password-reset";

/** SQL condition: the link of this token may still be used, by the database's clock. */
const openReset = (tokenHash: string) =>
  Prisma.sql`"tokenHash" = ${tokenHash} and "usedAt" is null and "revokedAt" is null and "expiresAt" > ${nowSql}`;

/**
 * Uses a reset link: the account's new password, and every token and web session it held ends, so
 * whoever knew the old password is signed out everywhere. One transaction that first claims the
 * link with a conditional update: of two submissions at once exactly one changes the password.
 * Counted against the address like a sign-in.
 */
export async function resetPassword(
  input: z.output<typeof PasswordResetConfirm>,
  address: string,
): Promise<z.infer<typeof PasswordResetDone>> {
  await checkRateLimit([{ key: `reset:addr:${address}`, max: env().RATE_LIMIT_ADDRESS }]);
  const tokenHash = sha256(input.token);
  // A link that cannot be used is refused before the costly hash; the claim below decides for real.
  const [open] = await db().$queryRaw<{ open: boolean }[]>`
    select exists (select 1 from "PasswordReset" where ${openReset(tokenHash)}) as open`;
  if (!open?.open) throw await refusal(tokenHash);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const [claimed] = await tx.$queryRaw<{ accountId: number }[]>`
      update "PasswordReset" set "usedAt" = ${nowSql} where ${openReset(tokenHash)} returning "accountId"`;
    if (!claimed) throw await refusal(tokenHash);
    // Under the row's lock, as a disable or a hold takes it: one racing this runs wholly before
    // (and is seen here) or after (and revokes what this writes).
    const [account] = await tx.$queryRaw<{ id: number; username: string; disabled: boolean; heldByStatus: boolean }[]>`
      select id, username, disabled, "heldByStatus" from "Account" where id = ${claimed.accountId} for update`;
    if (!account) throw notFound("password reset link");
    // Disabled or held since the link was sent: the link no longer applies (and stays unused).
    if (account.disabled || account.heldByStatus) throw closed();
    await tx.account.update({ where: { id: account.id }, data: { passwordHash }, select: { id: true } });
    await revokeSignIns(tx, account.id);
    return { username: account.username };
  });
}

const closed = () => conflict("this link no longer applies: ask the clinic about your access");

/** Why a token did not change a password, in words a person can act on. */
async function refusal(tokenHash: string): Promise<AppError> {
  const row = await db().passwordReset.findUnique({
    where: { tokenHash },
    select: { id: true, accountId: true, usedAt: true, revokedAt: true },
  });
  if (!row) return notFound("password reset link");
  if (row.usedAt)
    return conflict("this link was already used: sign in with the password chosen then, or ask for a new link");
  if (row.revokedAt) {
    // Revoked by a newer link, or by a disable or a hold of the sign-in (then there is none newer).
    const newer = await db().passwordReset.count({ where: { accountId: row.accountId, id: { gt: row.id } } });
    return newer ? conflict("this link was replaced by a newer one: use the newest email") : closed();
  }
  return conflict("this link has expired: ask for a new one");
}
