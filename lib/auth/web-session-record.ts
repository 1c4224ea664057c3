import "server-only";
import { sql } from "kysely";
import { afterNowSql, nowSql } from "@/lib/db/database-clock";
import { db } from "@/lib/db/prisma";
import { runSql } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { scopeOfRow, selectScope, type Scope } from "@/lib/auth/scope";
import { accountMaySignInSql } from "@/lib/auth/sign-in-hold";
import { randomToken, sha256 } from "@/lib/auth/token-hash";

// The server-side record of a web session. The JWT cookie alone cannot be taken back before it
// expires; its random id (stored only hashed) can be revoked at sign-out or when the account is
// disabled, and every read with the cookie checks it.

/**
 * Records a new web session of the account; returns the id for the cookie's JWT, or null when the
 * account may no longer sign in (disabled or held since its sign-in was checked, or, given the hash
 * a password was checked against, given a new password since).
 */
export async function startWebSession(accountId: number, checkedHash?: string): Promise<string | null> {
  const sid = randomToken();
  // An absolute end, whatever next-auth does with the cookie's, on the database's clock, by which
  // every read checks it. The account's sessions that ended a day ago or more are of no use to
  // anyone: they go now. Written only while the account may sign in, as tokens are.
  const written = await db().$executeRaw`
    with account as (${accountMaySignInSql(accountId, checkedHash)}), gone as (
      delete from "WebSession" where "accountId" = ${accountId} and "expiresAt" < ${afterNowSql(-86_400)}
    )
    insert into "WebSession" (id, "accountId", "expiresAt", "createdAt")
    select ${sha256(sid)}, a.id, ${afterNowSql(env().SESSION_MAX_AGE)}, ${nowSql} from account a`;
  return written === 0 ? null : sid;
}

/** Revokes a web session (sign-out); unknown or already ended ones are left as they are. */
export async function endWebSession(sid: string): Promise<void> {
  await db().webSession.updateMany({ where: { id: sha256(sid), revokedAt: null }, data: { revokedAt: new Date() } });
}

// One statement per cookie-authenticated request: the session record and the account's scope.
const liveSessionQuery = (id: string) =>
  selectScope()
    .innerJoin("WebSession as ws", "ws.accountId", "a.id")
    .where("ws.id", "=", id)
    .where("ws.revokedAt", "is", null)
    .where(sql<boolean>`${sql.ref("ws.expiresAt")} > now() at time zone 'UTC'`)
    .compile();

/** The scope of a live web session, or null when it was signed out, expired, or its account is disabled. */
export async function scopeOfWebSession(sid: string): Promise<Scope | null> {
  const [row] = await runSql("scope-of-web-session", liveSessionQuery(sha256(sid)));
  return row && !row.disabled && !row.heldByStatus ? scopeOfRow(row) : null;
}
