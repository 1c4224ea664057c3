import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import type { Role } from "@/lib/generated/prisma/enums";
import { randomToken, sha256 } from "@/lib/auth/token-hash";
import { afterNowSql, nowSql } from "@/lib/db/database-clock";

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
  account: { id: number; role: Role },
  familyId: string = randomToken(16),
): Promise<TokenBody> {
  const { ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL } = env();
  const access = randomToken();
  const refresh = randomToken();
  await tx.$executeRaw`
    with access as (
      insert into "AccessToken" ("tokenHash", "accountId", "familyId", "expiresAt", "createdAt")
      values (${sha256(access)}, ${account.id}, ${familyId}, ${afterNowSql(ACCESS_TOKEN_TTL)}, ${nowSql})
    )
    insert into "RefreshToken" ("tokenHash", "familyId", "accountId", "expiresAt", "createdAt")
    values (${sha256(refresh)}, ${familyId}, ${account.id}, ${afterNowSql(REFRESH_TOKEN_TTL)}, ${nowSql})`;
  return {
    access_token: access,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL,
    refresh_token: refresh,
    scope: account.role,
  };
}
