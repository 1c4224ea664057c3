import "server-only";
import { revokeSignIns } from "@/lib/auth/revoke-sign-ins";
import type { Tx } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ActivationStatus, ClientStatus } from "@/lib/generated/prisma/enums";

// A person's status decides whether they may sign in (decisions.md): a caregiver ACTIVE or
// VERIFIED, a client ACTIVE. The account carries the answer (`heldByStatus`) so that every
// sign-in and every authenticated request checks one column it already reads.

export const caregiverHeld = (status: ActivationStatus) => status !== "ACTIVE" && status !== "VERIFIED";
export const clientHeld = (status: ClientStatus) => status === "INACTIVE";

/** The statuses that become ACTIVE by accepting an invitation. */
/** Prisma condition on an account: it may sign in now (neither disabled by the operator nor held by the person's status). */
export const ACCOUNT_MAY_SIGN_IN = { disabled: false, heldByStatus: false } as const;

/** The same condition in SQL, on the account aliased `a`. */
export const ACCOUNT_MAY_SIGN_IN_SQL = Prisma.sql`not a.disabled and not a."heldByStatus"`;

/**
 * SQL: the account's id while it may sign in, its row held for share until the transaction ends,
 * for a statement that writes tokens or a web session from it: a disable, a hold or a family's
 * revocation takes that row before it revokes, so it either waits for what is written and ends it,
 * or comes first, and nothing is written. `checkedHash`, for a sign-in by password: the hash the
 * password was checked against, which must still be the account's (a new password set while it
 * was checked ends every session of the old one, and must not let the old one start another).
 */
export const accountMaySignInSql = (accountId: number, checkedHash?: string) => Prisma.sql`
  select a.id from "Account" a where a.id = ${accountId} and ${ACCOUNT_MAY_SIGN_IN_SQL}
  ${checkedHash === undefined ? Prisma.empty : Prisma.sql`and a."passwordHash" = ${checkedHash}`} for share`;

export const INVITABLE_STATUSES: readonly ActivationStatus[] = ["INVITED", "PENDING", "OPEN"];

/**
 * Whether a care provider without a sign-in may get and accept an invitation: any status that may
 * sign in (ACTIVE, VERIFIED) or becomes ACTIVE by accepting (INVITABLE_STATUSES). Without it a
 * care provider added as ACTIVE or VERIFIED could never get a sign-in.
 */
export const mayBeInvited = (status: ActivationStatus) => INVITABLE_STATUSES.includes(status) || !caregiverHeld(status);

/** A care provider's status once they accept an invitation: ACTIVE, except VERIFIED stays VERIFIED. */
export const statusOnAccepting = (status: ActivationStatus): ActivationStatus =>
  INVITABLE_STATUSES.includes(status) ? "ACTIVE" : status;

/**
 * Sets the hold of the person's account, if they have one, in the caller's transaction (the one
 * that changes their status). A new hold revokes every token, web session and password reset link
 * the account holds now, so lifting it later brings none of them back.
 */
export async function setSignInHold(
  tx: Tx,
  person: { caregiverId: number } | { clientId: number },
  held: boolean,
): Promise<void> {
  const account = await tx.account.findUnique({ where: person, select: { id: true, heldByStatus: true } });
  if (!account || account.heldByStatus === held) return;
  await tx.account.update({ where: { id: account.id }, data: { heldByStatus: held }, select: { id: true } });
  if (held) await revokeSignIns(tx, account.id);
}
