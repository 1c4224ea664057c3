import "server-only";
import { sealSecret } from "@/lib/auth/secret-box";
import { ACCOUNT_MAY_SIGN_IN, ACCOUNT_MAY_SIGN_IN_SQL } from "@/lib/auth/sign-in-hold";
import { randomToken, sha256 } from "@/lib/auth/token-hash";
import { afterNowSql, nowSql } from "@/lib/db/database-clock";
import { db } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/enqueue";
import type { TaskPayload } from "@/lib/jobs/tasks";
import { checkRateLimit } from "@/lib/rate-limit/check-rate-limit";
import { foldUsername } from "@/lib/schemas/username";

/** How long a reset link works, on the database's clock. */
export const RESET_MINUTES = 60;

/** At most this many links per sign-in in an hour, whoever asks: a mailbox is not to be flooded. */
const PER_ACCOUNT_PER_HOUR = 3;

/** The most sign-ins one email may name (the same person as a client of several clinics). */
const MOST_ACCOUNTS = 5;

/**
 * For each sign-in with a password that may sign in and is named by the login (its username, or
 * the email it was made with), a one-time link to choose a new one, emailed to that address and
 * nowhere else. A new link revokes the sign-in's earlier ones. A sign-in past its count this hour
 * gets no email.
 */
export async function sendPasswordResets({ login }: TaskPayload<"password-reset">): Promise<void> {
  const username = foldUsername(login);
  const email = login.trim().toLowerCase();
  const speaker = { select: { language: true } } as const;
  const accounts = await db().account.findMany({
    where: { passwordHash: { not: null }, email: { not: null }, ...ACCOUNT_MAY_SIGN_IN, OR: [{ username }, { email }] },
    select: { id: true, username: true, caregiver: speaker, client: speaker },
    orderBy: { id: "asc" },
    take: MOST_ACCOUNTS,
  });
  for (const account of accounts) {
    const language = account.client?.language ?? account.caregiver?.language ?? "EN";
    try {
      await checkRateLimit([
        { key: `reset:account:${String(account.id)}`, max: PER_ACCOUNT_PER_HOUR, windowSeconds: 3600 },
      ]);
    } catch (e) {
      if (e instanceof AppError && e.code === "rate_limited") continue;
      throw e;
    }
    const token = randomToken();
    await db().$transaction(async (tx) => {
      // One link open per sign-in: two searches at once (by username and by email) take turns here,
      // and with the operator's move of the address (lib/auth/move-reset-address.ts). The address
      // is read under the lock: one read before it may be one the move has since revoked the
      // links of. It is the address the sign-in was made with (or the operator moved it to), never
      // the person's email as staff may have changed it. Whether it may still sign in is read
      // there too: a hold or a disabling committed since the search revoked the open links, and a
      // link made after it would outlive it (e2e/api/password-reset.test.ts, "… INACTIVE is never
      // made …").
      const [locked] = await tx.$queryRaw<{ email: string | null }[]>`
        select a.email from "Account" a
         where a.id = ${account.id} and a."passwordHash" is not null and ${ACCOUNT_MAY_SIGN_IN_SQL}
           for update`;
      const to = locked?.email;
      if (!to) return;
      await tx.$executeRaw`update "PasswordReset" set "revokedAt" = ${nowSql}
        where "accountId" = ${account.id} and "usedAt" is null and "revokedAt" is null`;
      await tx.$executeRaw`insert into "PasswordReset" ("tokenHash", "accountId", "expiresAt")
        values (${sha256(token)}, ${account.id}, ${afterNowSql(RESET_MINUTES * 60)})`;
      // The token travels sealed: job rows stay in the database until sent.
      await enqueue(tx, "send-email", {
        to,
        language,
        kind: "password-reset",
        params: { username: account.username },
        sealedToken: sealSecret(token, env().SECRET_KEY),
      });
    });
  }
}
