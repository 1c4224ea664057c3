import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import type { Role } from "@/lib/generated/prisma/enums";
import { randomToken, sha256 } from "@/lib/auth/token-hash";

export type TokenBody = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
};

/**
 * Issues an access token and a refresh token (RFC 6749 §5.1); only their hashes are stored. Both
 * belong to the refresh token's family, so revoking the family ends the access tokens too.
 */
export async function issueTokens(
  tx: Tx,
  account: { id: number; role: Role },
  familyId: string = randomToken(16),
): Promise<TokenBody> {
  const { ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL } = env();
  const access = randomToken();
  const refresh = randomToken();
  const now = Date.now();
  await tx.accessToken.create({
    data: {
      tokenHash: sha256(access),
      accountId: account.id,
      familyId,
      expiresAt: new Date(now + ACCESS_TOKEN_TTL * 1000),
    },
    select: { id: true },
  });
  await tx.refreshToken.create({
    data: {
      tokenHash: sha256(refresh),
      familyId,
      accountId: account.id,
      expiresAt: new Date(now + REFRESH_TOKEN_TTL * 1000),
    },
    select: { id: true },
  });
  return {
    access_token: access,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL,
    refresh_token: refresh,
    scope: account.role,
  };
}
