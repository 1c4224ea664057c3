import "server-only";
import { nowSql } from "@/lib/db/database-clock";
import { db } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";
import { ACCOUNT_MAY_SIGN_IN } from "@/lib/auth/sign-in-hold";
import { sha256 } from "@/lib/auth/token-hash";
import { issueTokens, type TokenBody } from "@/lib/auth/issue-tokens";
import { revokeTokenFamily } from "@/lib/auth/revoke-token-family";

const invalid = () =>
  new AppError(
    "unauthorized",
    "the refresh token is invalid, expired, used or revoked",
    undefined,
    undefined,
    "invalid_grant",
  );

/**
 * The refresh_token grant. Tokens rotate: each one works once. A token presented a second time
 * means it leaked, so its whole family is revoked (RFC 9700 §4.14.2), access tokens included; so is
 * the family of a disabled account.
 */
export async function grantRefresh(refreshToken: string): Promise<TokenBody> {
  const hash = sha256(refreshToken);
  // Claiming the token and issuing its successors is one transaction; a refused token leaves it
  // having held only its account's row, and only until it ends.
  const issued = await db().$transaction(async (tx) => {
    // The clock the token's end was written by (issueTokens), whichever instance did it; and the
    // account's row, held before the token is claimed, as a revocation of its family takes it
    // before revoking (revokeTokenFamily): one of the two waits for the other's whole work.
    const [held] = await tx.$queryRaw<{ now: Date }[]>`
      select ${nowSql} as now from "RefreshToken" r join "Account" a on a.id = r."accountId"
       where r."tokenHash" = ${hash} for share of a`;
    if (!held) return null;
    const { now } = held;
    const claimed = await tx.refreshToken.updateManyAndReturn({
      where: {
        tokenHash: hash,
        usedAt: null,
        revokedAt: null,
        expiresAt: { gt: now },
        account: ACCOUNT_MAY_SIGN_IN,
      },
      data: { usedAt: now },
      select: { familyId: true, account: { select: { id: true, role: true } } },
    });
    const row = claimed[0];
    return row ? issueTokens(tx, row.account, row.familyId) : null;
  });
  if (issued) return issued;
  // Outside that transaction on purpose: it holds no row here, so revoking cannot wait on it, and
  // the revocation stays whatever this request answers.
  const known = await db().refreshToken.findUnique({
    where: { tokenHash: hash },
    select: { familyId: true, usedAt: true, account: { select: { disabled: true, heldByStatus: true } } },
  });
  if (known && (known.usedAt || known.account.disabled || known.account.heldByStatus))
    await revokeTokenFamily(known.familyId);
  throw invalid();
}
