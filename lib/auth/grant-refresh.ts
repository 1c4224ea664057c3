import "server-only";
import { db } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";
import { sha256 } from "@/lib/auth/token-hash";
import { issueTokens, type TokenBody } from "@/lib/auth/issue-tokens";

const invalid = () =>
  new AppError("unauthorized", "the refresh token is invalid, expired, used or revoked", undefined, undefined, "invalid_grant");

/**
 * The refresh_token grant. Tokens rotate: each one works once. A token presented a second time
 * means it leaked, so its whole family is revoked (RFC 9700 §4.14.2).
 */
export async function grantRefresh(refreshToken: string): Promise<TokenBody> {
  const hash = sha256(refreshToken);
  return db().$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.refreshToken.updateManyAndReturn({
      where: { tokenHash: hash, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
      select: { familyId: true, account: { select: { id: true, role: true, disabled: true } } },
    });
    const row = claimed[0];
    if (!row || row.account.disabled) {
      const known = await tx.refreshToken.findUnique({ where: { tokenHash: hash }, select: { familyId: true, usedAt: true } });
      if (known?.usedAt) {
        // Outside the transaction on purpose: the revocation must stay when this request fails.
        await db().refreshToken.updateMany({ where: { familyId: known.familyId, revokedAt: null }, data: { revokedAt: now } });
      }
      throw invalid();
    }
    return issueTokens(tx, row.account, row.familyId);
  });
}
