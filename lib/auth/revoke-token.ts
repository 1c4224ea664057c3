import "server-only";
import { db } from "@/lib/db/prisma";
import { sha256 } from "@/lib/auth/token-hash";
import { revokeTokenFamily } from "@/lib/auth/revoke-token-family";

/**
 * Token revocation (RFC 7009): the access or refresh token stops working at once; a refresh token
 * takes its whole family with it, access tokens included. An unknown token is not an error (the
 * spec says 200 either way).
 */
export async function revokeToken(token: string): Promise<void> {
  const hash = sha256(token);
  await db().accessToken.updateMany({ where: { tokenHash: hash, revokedAt: null }, data: { revokedAt: new Date() } });
  const refresh = await db().refreshToken.findUnique({ where: { tokenHash: hash }, select: { familyId: true } });
  if (refresh) await revokeTokenFamily(refresh.familyId);
}
