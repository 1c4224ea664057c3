import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import { randomToken, sha256 } from "@/lib/auth/token-hash";
import { afterNowSql, nowSql } from "@/lib/db/database-clock";
import { accountMaySignInSql } from "@/lib/auth/sign-in-hold";

export type TokenBody = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
};

/**
 * Issues an access token and a refresh token (RFC 6749 §5.1); only their hashes are stored. Both
 * belong to the refresh token's family, so revoking the family ends the access tokens too. Their
 * ends are on the database's clock, by which every request checks them: a host whose clock is off
 * would hand out tokens that live longer or shorter than `expires_in` says.
 */
export async function issueTokens(
  tx: Tx,
  account: { id: number; role: Role; checkedHash?: string },
  familyId: string = randomToken(16),
): Promise<TokenBody> {
  const { ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL } = env();
  const access = randomToken();
  const refresh = randomToken();
  // Written only while the account may sign in, its row held until the caller's transaction ends.
  const written = await tx.$executeRaw`
    with account as (${accountMaySignInSql(account.id, account.checkedHash)}), access as (
      insert into "AccessToken" ("tokenHash", "accountId", "familyId", "expiresAt", "createdAt")
      select ${sha256(access)}, a.id, ${familyId}, ${afterNowSql(ACCESS_TOKEN_TTL)}, ${nowSql} from account a
    )
    insert into "RefreshToken" ("tokenHash", "familyId", "accountId", "expiresAt", "createdAt")
    select ${sha256(refresh)}, ${familyId}, a.id, ${afterNowSql(REFRESH_TOKEN_TTL)}, ${nowSql} from account a`;
  if (written === 0) {
    throw new AppError("unauthorized", "this account may not sign in", undefined, undefined, "invalid_grant");
  }
  return {
    access_token: access,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL,
    refresh_token: refresh,
    scope: account.role,
  };
}
