import "server-only";
import { sha256 } from "@/lib/auth/token-hash";
import { afterNowSql, nowSql } from "@/lib/db/database-clock";
import { db } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";

// A code lives minutes at its identity provider (RFC 6749 §4.1.2 recommends at most 10); a day of
// records outlives any code, and older ones go as new ones come, by the index on redeemedAt. The day
// is the database's, as every instance reads it: an instance whose clock is ahead would otherwise
// sweep the record of a code spent a moment ago, and the code would pass again.
const KEEP_SECONDS = 24 * 3600;

/**
 * Spends an authorization code of an institute's app: a code is used once (RFC 6749 §4.1.2), so a
 * code presented again is refused here and never reaches the identity provider, however lax the
 * provider is. The primary key makes one winner of two presentations at once. A code is spent when
 * presented, whatever the provider then answers: the app asks its provider for a new one.
 */
export async function claimCode(instituteId: number, code: string): Promise<void> {
  await db().$executeRaw`delete from "RedeemedCode" where "redeemedAt" < ${afterNowSql(-KEEP_SECONDS)}`;
  const count = await db().$executeRaw`
    insert into "RedeemedCode" ("instituteId", "codeHash", "redeemedAt")
    values (${instituteId}, ${sha256(code)}, ${nowSql})
    on conflict do nothing`;
  if (count === 0) throw new AppError("unauthorized", "this authorization code has already been used");
}
