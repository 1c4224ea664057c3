import "server-only";
import { db } from "@/lib/db/prisma";

/** Revokes every refresh and access token of a family: a leaked or revoked refresh token ends them all. */
export async function revokeTokenFamily(familyId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    // The account's row first, as a refresh holds it from before it claims its token until its
    // successors are written (grantRefresh, issueTokens): a refresh under way is waited for, and
    // the tokens it wrote are among those revoked below; one that comes after finds its token
    // revoked. Without it, a token written meanwhile is not in the statements' view and lives on.
    await tx.$queryRaw`
      select 1 from "Account" a
       where a.id in (select r."accountId" from "RefreshToken" r where r."familyId" = ${familyId})
         for no key update`;
    const now = new Date();
    await tx.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
    await tx.accessToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  });
}
