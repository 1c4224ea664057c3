import "server-only";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { mayBeInvited } from "@/lib/auth/sign-in-hold";
import { sealSecret } from "@/lib/auth/secret-box";
import { randomToken, sha256 } from "@/lib/auth/token-hash";
import { caregiverInScope, sharedCaregiver } from "@/lib/caregivers/caregiver-in-scope";
import { lockClient } from "@/lib/clients/lock-client";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { formatDate } from "@/lib/dates";
import { databaseNow } from "@/lib/db/database-clock";
import { db, type Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { conflict, notFound } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/enqueue";
import type { Language } from "@/lib/generated/prisma/enums";
import type { InvitationCreated } from "@/lib/schemas/caregiver";
import { countInTransaction } from "@/lib/rate-limit/check-rate-limit";
import { INVITATION_EMAILS_PER_HOUR } from "./email-limit";
import { INVITATION_DAYS } from "./invitation-state";

type Created = z.infer<typeof InvitationCreated>;
/** `sendEmail` (default true): the link is also emailed to the person. */
type Options = { origin: string; offset: number; clinicId?: number; sendEmail?: boolean };

/**
 * A new one-time link for a care provider of the clinic who may accept an invitation (ACTIVE,
 * VERIFIED, INVITED, PENDING, OPEN) and has no sign-in yet; a CLINIC caller only for someone who
 * works in no other clinic (the institute invites a shared care provider). It replaces any earlier link of theirs: only the newest
 * works. The token is returned once; only its SHA-256 is stored. Unless `sendEmail` is false, the
 * link is emailed to them too (so "resend" is a renewal: the link emailed before stops working).
 */
export async function inviteCaregiver(
  scope: ClinicScope | InstituteScope,
  caregiverId: number,
  opts: Options,
): Promise<Created> {
  return db().$transaction(async (tx) => {
    const caregiver = await caregiverInScope(tx, scope, caregiverId);
    const clinicId = await resolveClinic(scope, opts.clinicId);
    const member = await tx.caregiverClinic.count({ where: { caregiverId, clinicId } });
    if (!member) throw notFound("care provider");
    if (caregiver.sharedWithOtherClinics) throw sharedCaregiver();
    if (!mayBeInvited(caregiver.activationStatus)) {
      throw conflict(`a care provider who is ${caregiver.activationStatus} cannot be invited`);
    }
    await noSignInYet(tx, { caregiverId });
    return issue(tx, scope, { caregiverId, clinicId }, opts);
  });
}

/** The same for a client of the clinic who is ACTIVE and has no sign-in yet. */
export async function inviteClient(
  scope: ClinicScope | InstituteScope,
  clientId: number,
  opts: Options,
): Promise<Created> {
  return db().$transaction(async (tx) => {
    const client = await tx.client.findFirst({
      where:
        scope.role === "CLINIC"
          ? { id: clientId, clinicId: scope.clinicId, erasedAt: null }
          : { id: clientId, clinic: { instituteId: scope.instituteId }, erasedAt: null },
      select: { clinicId: true },
    });
    if (!client) throw notFound("client");
    // The status as last committed, under the lock a status change takes first.
    const locked = await lockClient(tx, clientId);
    if (locked?.status !== "ACTIVE") throw conflict("an inactive client cannot be invited");
    await noSignInYet(tx, { clientId });
    return issue(tx, scope, { clientId, clinicId: client.clinicId }, opts);
  });
}

async function noSignInYet(tx: Tx, person: { caregiverId: number } | { clientId: number }) {
  const account = await tx.account.findUnique({ where: person, select: { id: true } });
  if (account) throw conflict("this person already has a sign-in");
}

async function issue(
  tx: Tx,
  scope: ClinicScope | InstituteScope,
  target: { clinicId: number } & ({ caregiverId: number } | { clientId: number }),
  opts: Options,
): Promise<Created> {
  // The link's 7 days count on the database's clock, by which every instance checks them.
  const now = await databaseNow(tx);
  const person = "caregiverId" in target ? { caregiverId: target.caregiverId } : { clientId: target.clientId };
  const to = opts.sendEmail === false ? null : await addressOf(tx, person);
  if (to) await countEmail(tx, scope, person, to.email);
  await tx.invitation.updateMany({ where: { ...person, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000);
  await tx.invitation.create({ data: { ...target, tokenHash: sha256(token), expiresAt }, select: { id: true } });
  const emailedTo = to && (await emailInvitation(tx, to, token));
  return { url: `${opts.origin}/invite/${token}`, expiresAt: formatDate(expiresAt, opts.offset), emailedTo };
}

/**
 * A staff account (or a script with its token) could otherwise send one person an invitation email
 * a second, forever: a few an hour covers "it never came" and a corrected address. Counted per
 * person in the transaction that queues the email, so a refusal changes nothing: the link already
 * sent still works, and one can still be made without an email. Counted per address and sender
 * too: a client created or changed to have the address, or a care provider with it, is the same
 * inbox, not three more emails. The sender is the caller's clinic, or institute: no one else's
 * count (another clinic's, a clinic's for the institute's shared care provider) can use up theirs.
 */
async function countEmail(
  tx: Tx,
  scope: ClinicScope | InstituteScope,
  person: { caregiverId: number } | { clientId: number },
  email: string,
) {
  const who = "caregiverId" in person ? `caregiver:${String(person.caregiverId)}` : `client:${String(person.clientId)}`;
  const sender =
    scope.role === "CLINIC" ? `clinic:${String(scope.clinicId)}` : `institute:${String(scope.instituteId)}`;
  const inbox = `${sender}:to:${email.toLowerCase()}`;
  await countInTransaction(
    tx,
    [who, inbox].map((key) => ({
      key: `invitation-email:${key}`,
      max: INVITATION_EMAILS_PER_HOUR,
      windowSeconds: 3600,
    })),
    `this person, or their address, was emailed an invitation ${String(INVITATION_EMAILS_PER_HOUR)} times within the hour; retry after the time in Retry-After, or make the link with sendEmail=false and send it yourself`,
  );
}

/**
 * Queues the invitation email in this transaction: it goes out exactly when the new link exists.
 * The token travels sealed (job rows stay in the database until sent); the email names nobody's
 * care, only the invitation and its link.
 */
async function emailInvitation(tx: Tx, to: { email: string; language: Language }, token: string): Promise<string> {
  const sealedToken = sealSecret(token, env().SECRET_KEY);
  await enqueue(tx, "send-email", { to: to.email, language: to.language, kind: "invitation", params: {}, sealedToken });
  return to.email;
}

/** The person's address and language, as their row (locked by this transaction) holds them. */
function addressOf(tx: Tx, person: { caregiverId: number } | { clientId: number }) {
  const select = { email: true, language: true } as const;
  return "caregiverId" in person
    ? tx.caregiver.findUniqueOrThrow({ where: { id: person.caregiverId }, select })
    : tx.client.findUniqueOrThrow({ where: { id: person.clientId }, select });
}
