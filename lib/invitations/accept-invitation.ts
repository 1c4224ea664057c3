import "server-only";
import type { z } from "zod";
import { hashPassword } from "@/lib/auth/password";
import { caregiverHeld, clientHeld, mayBeInvited, statusOnAccepting } from "@/lib/auth/sign-in-hold";
import { sha256 } from "@/lib/auth/token-hash";
import { lockCaregiver } from "@/lib/caregivers/lock-caregiver";
import { lockClient } from "@/lib/clients/lock-client";
import { nowSql } from "@/lib/db/database-clock";
import { uniqueViolation, violates } from "@/lib/db/errors";
import { db, type Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, conflict, fieldError, notFound } from "@/lib/errors";
import { checkRateLimit } from "@/lib/rate-limit/check-rate-limit";
import type { InvitationAccepted, InvitationAcceptRequest } from "@/lib/schemas/caregiver";
import { hasNewerInvitation } from "./has-newer-invitation";
import { invitationState } from "./invitation-state";

type Accepted = z.infer<typeof InvitationAccepted>;

/**
 * Redeems a one-time invitation: the person's account with the chosen username and password, and
 * a caregiver who was INVITED, PENDING or OPEN becomes ACTIVE (ACTIVE and VERIFIED keep theirs). One transaction that first marks the invitation used with a
 * conditional update, so of two submissions at once exactly one finds it unused; the other, and
 * any later one, is refused. Counted against the address like a sign-in.
 */
export async function acceptInvitation(
  input: z.output<typeof InvitationAcceptRequest>,
  address: string,
): Promise<Accepted> {
  await checkRateLimit([{ key: `invite:addr:${address}`, max: env().RATE_LIMIT_ADDRESS }]);
  const tokenHash = sha256(input.token);
  // A link that cannot be used is refused before the costly hash; the claim below decides for real.
  const [open] = await db().$queryRaw<{ open: boolean }[]>`
    select exists (select 1 from "Invitation" where ${openInvitation(tokenHash)}) as open`;
  if (!open?.open) throw await refusal(db(), tokenHash);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      // The person first, under their row lock, so that a status change racing this acceptance
      // runs wholly before or after it: the account is made for the status as it then stands.
      const target = await tx.invitation.findUnique({
        where: { tokenHash },
        select: { caregiverId: true, clientId: true },
      });
      if (!target) throw notFound("invitation");
      const caregiver = target.caregiverId ? await lockCaregiver(tx, target.caregiverId) : null;
      const client = target.clientId ? await lockClient(tx, target.clientId) : null;
      // Claimed in one statement on the database's clock, by which its end was written.
      const claimed =
        await tx.$executeRaw`update "Invitation" set "usedAt" = ${nowSql} where ${openInvitation(tokenHash)}`;
      if (claimed === 0) throw await refusal(tx, tokenHash);
      // The address its reset links will go to: the person's email now, which is where the
      // invitation went (docs/password-reset.md).
      const account = { username: input.username, passwordHash };
      if (target.caregiverId && caregiver) {
        const caregiverId = target.caregiverId;
        await noAccount(tx, { caregiverId });
        if (!mayBeInvited(caregiver.activationStatus)) throw closed();
        const activationStatus = statusOnAccepting(caregiver.activationStatus);
        const { email } = await tx.caregiver.findUniqueOrThrow({ where: { id: caregiverId }, select: { email: true } });
        await tx.caregiver.update({ where: { id: caregiverId }, data: { activationStatus }, select: { id: true } });
        await tx.account.create({
          data: {
            ...account,
            email: email.toLowerCase(),
            role: "CAREGIVER",
            caregiverId,
            heldByStatus: caregiverHeld(activationStatus),
          },
          select: { id: true },
        });
        return { username: input.username, role: "CAREGIVER" as const };
      }
      if (target.clientId && client) {
        const clientId = target.clientId;
        await noAccount(tx, { clientId });
        if (clientHeld(client.status)) throw closed();
        const { email } = await tx.client.findUniqueOrThrow({ where: { id: clientId }, select: { email: true } });
        await tx.account.create({
          data: {
            ...account,
            email: email.toLowerCase(),
            role: "CLIENT",
            clientId,
            heldByStatus: clientHeld(client.status),
          },
          select: { id: true },
        });
        return { username: input.username, role: "CLIENT" as const };
      }
      throw notFound("invitation");
    });
  } catch (e) {
    if (violates(uniqueViolation(e), "username")) {
      throw fieldError("conflict", "username", "this username is taken; choose another");
    }
    throw e;
  }
}

async function noAccount(tx: Tx, person: { caregiverId: number } | { clientId: number }) {
  if (await tx.account.findUnique({ where: person, select: { id: true } })) {
    throw conflict("this person already has a sign-in");
  }
}

/** SQL condition: the invitation of this token may still be claimed, by the database's clock. */
const openInvitation = (tokenHash: string) =>
  Prisma.sql`"tokenHash" = ${tokenHash} and "usedAt" is null and "revokedAt" is null and "expiresAt" > ${nowSql}`;

const closed = () => conflict("this invitation no longer applies: ask the clinic about your access");

/** Why a token did not claim an invitation, in words a person can act on. */
async function refusal(tx: Tx | PrismaClient, tokenHash: string): Promise<AppError> {
  const row = await tx.invitation.findUnique({
    where: { tokenHash },
    select: { id: true, caregiverId: true, clientId: true, expiresAt: true, usedAt: true, revokedAt: true },
  });
  if (!row) return notFound("invitation");
  const state = await invitationState(tx, row);
  if (state === "REVOKED" && !(await hasNewerInvitation(tx, row))) return closed();
  const why = {
    USED: "this invitation was already used: sign in with the username and password chosen then",
    REVOKED: "this invitation was replaced by a newer link: use the newest one the clinic sent",
    EXPIRED: "this invitation has expired: ask the clinic for a new link",
    OPEN: "this invitation could not be used; try again",
  }[state];
  return conflict(why);
}
