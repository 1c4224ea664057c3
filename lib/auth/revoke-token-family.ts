import "server-only";
import { db } from "@/lib/db/prisma";

/** Revokes every refresh and access token of a family: a leaked or revoked refresh token ends them all. */
export async function revokeTokenFamily(familyId: string): Promise<void> {
  const now = new Date();
  await db().$transaction([
    db().refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } }),
    db().accessToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } }),
  ]);
}
