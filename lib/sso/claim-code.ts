import "server-only";
import { sha256 } from "@/lib/auth/token-hash";
import { db } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";

// A code lives minutes at its identity provider (RFC 6749 §4.1.2 recommends at most 10); a day of
// records outlives any code, and older ones go as new ones come, by the index on redeemedAt.
const KEEP_MS = 24 * 3600_000;

/**
 * Spends an authorization code of an institute's app: a code is used once (RFC 6749 §4.1.2), so a
 * code presented again is refused here and never reaches the identity provider, however lax the
 * provider is. The primary key makes one winner of two presentations at once. A code is spent when
 * presented, whatever the provider then answers: the app asks its provider for a new one.
 */
export async function claimCode(instituteId: number, code: string): Promise<void> {
  await db().redeemedCode.deleteMany({ where: { redeemedAt: { lt: new Date(Date.now() - KEEP_MS) } } });
  const { count } = await db().redeemedCode.createMany({
    data: [{ instituteId, codeHash: sha256(code) }],
    skipDuplicates: true,
  });
  if (count === 0) throw new AppError("unauthorized", "this authorization code has already been used");
}
