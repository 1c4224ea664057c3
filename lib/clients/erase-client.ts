import "server-only";
import { lockClient } from "@/lib/clients/lock-client";
import type { Tx } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";

/** Where an erased client's email was: unique in its clinic as the column requires, and no one's. */
export const erasedEmail = (clientId: number) => `erased-${clientId}@erased.invalid`;

/**
 * The operator erases a client's record at the clinic's request (the clinic, as the controller,
 * decides when the law lets it: docs/audit-log.md, "Erasure"), in one transaction:
 * - gone: every assignment with its answers, saved answers, drafts, scores, alerts and reminders;
 *   every message and piece of feedback of the client's sessions; the care team; the invitations;
 *   the sign-in's tokens, web sessions and reset links; emails still queued to them;
 * - kept, reduced to ids: the client's row (no name, email, mobile, external id, photo; INACTIVE),
 *   the sessions' rows (no title or description, closed), the documents' rows (no name, no bytes)
 *   and the sign-in's row (disabled, no password, no email, its username replaced). The audit
 *   trail keeps every row, and each still resolves to its client: who read the record, and when,
 *   outlives the record (until the retention period's run: lib/audit/delete-expired-audit-rows.ts).
 * From then on no page and no operation shows the client (visibleClients, listClients).
 * The client's row lock first, as every change of a client takes it, then their sessions' and
 * assignments' rows, which every write of homework and messages holds: a request racing the
 * erasure runs wholly before it, or finds the client erased (INACTIVE, no care team, rows gone).
 * Once committed, the erasure's line goes to the log (logErasure).
 */
export async function eraseClient(p: PrismaClient, clinicId: number, clientId: number) {
  const erased = await p.$transaction(async (tx) => {
    const locked = await lockClient(tx, clientId, { evenErased: true });
    const client = locked
      ? await tx.client.findFirst({ where: { id: clientId, clinicId }, select: { email: true, erasedAt: true } })
      : null;
    if (!locked || !client) throw notFound(`client ${clientId} of clinic ${clinicId}`);
    if (client.erasedAt) throw conflict(`client ${clientId} was erased already`);
    return eraseLocked(tx, clientId, client.email, locked.now);
  });
  logErasure(clinicId, clientId, erased.erasedAt);
  return erased;
}

/**
 * The retention job's erasure of one client it found past its institute's retention period: the
 * period is checked again under the client's lock, so a client made ACTIVE again (or erased) since
 * the job looked is left as it is. Null: left. Once committed, the erasure's line goes to the log
 * (logErasure), as for one on request.
 */
export async function eraseClientIfExpired(p: PrismaClient, clientId: number) {
  const erased = await p.$transaction(async (tx) => {
    const locked = await lockClient(tx, clientId);
    if (!locked) return null;
    const [expired] = await tx.$queryRaw<{ email: string; clinicId: number }[]>`
      select c.email, c."clinicId" ${fromExpiredClients} and c.id = ${clientId}::int`;
    return expired
      ? { clinicId: expired.clinicId, ...(await eraseLocked(tx, clientId, expired.email, locked.now)) }
      : null;
  });
  if (erased) logErasure(erased.clinicId, clientId, erased.erasedAt);
  return erased;
}

/** The message of an erasure's log line, which `npm run admin -- reapply-erasures` looks for. */
export const CLIENT_ERASED = "client erased";

/**
 * The erasure's trace outside the database (docs/audit-log.md, "After a restore"): a backup taken
 * before it brings the record back, and the database restored from it no longer knows it was
 * erased; the log, kept apart from the database, does, and reapply-erasures reads it. Ids and the
 * moment only: the record they named is gone, so the line names no one, and it carries nothing of
 * the record. Written once the transaction has committed, never for one rolled back: a line is an
 * erasure that happened.
 */
function logErasure(clinicId: number, clientId: number, erasedAt: Date) {
  log.info({ clinicId, clientId, erasedAt: erasedAt.toISOString() }, CLIENT_ERASED);
}

/**
 * The clients past their institute's retention period: INACTIVE for longer than it and not erased
 * yet (the client aliased `c`, its institute `i`), as a `from … where` a caller adds to with `and`.
 */
export const fromExpiredClients = Prisma.sql`from "Client" c
  join "Clinic" k on k.id = c."clinicId" join "Institute" i on i.id = k."instituteId"
 where i."retentionYears" is not null and c.status = 'INACTIVE' and c."erasedAt" is null
   and c."inactiveSince" < (now() at time zone 'UTC') - make_interval(years => i."retentionYears")`;

/** The erasure itself, in the caller's transaction, which holds the client's lock. */
async function eraseLocked(tx: Tx, clientId: number, email: string, now: Date) {
  await lockSessionsAndAssignments(tx, clientId);
  const removed = await removeHealthRecord(tx, clientId);
  const sessions = await reduceSessions(tx, clientId, now);
  // Read before it is reduced: its reset address and username find the queued mail too.
  const account = await tx.account.findUnique({
    where: { clientId },
    select: { id: true, username: true, email: true },
  });
  const queuedEmails = await dropQueuedEmails(tx, email, account);
  if (account) await reduceSignIn(tx, clientId, account.id);
  await tx.client.update({
    where: { id: clientId },
    data: {
      name: "",
      email: erasedEmail(clientId),
      externalClientId: null,
      mobile: null,
      image: null,
      imageType: null,
      status: "INACTIVE",
      remindersOn: false,
      messageNoticesOn: false,
      careEpisodeStartedAt: null,
      erasedAt: now,
    },
  });
  return { ...removed, sessions, signIn: account !== null, queuedEmails, erasedAt: now };
}

/**
 * The rows everything else of the record hangs from, locked in id order before anything goes. A
 * write that adds to them (an answer saved, a message sent) holds a key-share lock on its
 * assignment or session until it commits: the erasure waits for it and then deletes what it
 * added too; a write that comes later waits for the erasure and finds its row gone. Without it a
 * save committed meanwhile made the erasure fail on the assignment its answer still referenced
 * (e2e/domain/erase-client-race.test.ts).
 */
async function lockSessionsAndAssignments(tx: Tx, clientId: number) {
  await tx.$queryRaw`select id from "Session" where "clientId" = ${clientId}::int order by id for update`;
  await tx.$queryRaw`
    select a.id from "Assignment" a join "Session" s on s.id = a."sessionId"
     where s."clientId" = ${clientId}::int order by a.id for update of a`;
}

/** What the client wrote and was told, and who cared for them: deleted, children first. */
async function removeHealthRecord(tx: Tx, clientId: number) {
  const ofSession = { session: { clientId } };
  const ofAssignment = { assignment: ofSession };
  const drafts = await tx.draft.deleteMany({ where: ofAssignment });
  const answers = await tx.answer.deleteMany({ where: ofAssignment });
  const saved = await tx.autoSaveAnswer.deleteMany({ where: ofAssignment });
  await tx.earlierAlertReview.deleteMany({ where: ofAssignment });
  await tx.assignmentReminder.deleteMany({ where: ofAssignment });
  const feedback = await tx.feedback.deleteMany({ where: ofSession });
  const assignments = await tx.assignment.deleteMany({ where: ofSession });
  // A document's row stays, emptied, as a session's does: the trail names a download by the
  // document's id, and finds its client through the row (list-audit-log.ts).
  const documents = await tx.document.updateMany({
    where: ofSession,
    data: { name: "", contentType: "application/octet-stream", size: 0, data: new Uint8Array() },
  });
  await tx.messageRead.deleteMany({ where: ofSession });
  const messages = await tx.message.deleteMany({ where: ofSession });
  const careTeam = await tx.careTeamMember.deleteMany({ where: { clientId } });
  await tx.invitation.deleteMany({ where: { clientId } });
  return {
    assignments: assignments.count,
    answers: answers.count + saved.count + drafts.count,
    feedback: feedback.count,
    messages: messages.count,
    documents: documents.count,
    careTeam: careTeam.count,
  };
}

/** The sessions' rows stay for the trail (a read of a session names it), without their words, closed. */
async function reduceSessions(tx: Tx, clientId: number, now: Date) {
  await tx.session.updateMany({ where: { clientId, closedAt: null }, data: { closedAt: now } });
  const { count } = await tx.session.updateMany({
    where: { clientId },
    data: { title: "", description: "", remindDays: null, timeZone: null },
  });
  return count;
}

/** The sign-in's row stays for the trail (its reads name it), unusable: nothing signs in as it again. */
async function reduceSignIn(tx: Tx, clientId: number, accountId: number): Promise<void> {
  await tx.accessToken.deleteMany({ where: { accountId } });
  await tx.refreshToken.deleteMany({ where: { accountId } });
  await tx.webSession.deleteMany({ where: { accountId } });
  await tx.passwordReset.deleteMany({ where: { accountId } });
  await tx.idempotencyKey.deleteMany({ where: { accountId } });
  await tx.account.update({
    where: { id: accountId },
    data: {
      username: `erased-client-${clientId}`,
      passwordHash: null,
      email: null,
      disabled: true,
      heldByStatus: true,
    },
  });
}

/**
 * Emails to the client still waiting in the queue (a reset link, a reminder, a notice of a message,
 * an invitation): not sent. Those to the sign-in's reset address go too: it stays the address the
 * client had when the sign-in was made when the staff change the client's email (lib/auth/
 * move-reset-address.ts), and a reset link, or an invitation sent before the change, waits for it
 * (e2e/domain/erase-client-leaves-nothing.test.ts). So does a "forgot your password?" search not
 * yet run, whose payload is the login as typed: either address or the username. A job a worker
 * holds at this moment is its own; it goes out, as one sent a moment earlier would have. An email
 * to an address the client had before both is not found: the queue names no client.
 */
async function dropQueuedEmails(
  tx: Tx,
  email: string,
  signIn: { username: string; email: string | null } | null,
): Promise<number> {
  const addresses = [email, ...(signIn?.email ? [signIn.email] : [])].map((a) => a.toLowerCase());
  // Usernames are stored folded to lower case, as the search folds what was typed (foldUsername).
  const logins = [...addresses, ...(signIn ? [signIn.username] : [])];
  return tx.$executeRaw`
    delete from graphile_worker._private_jobs j
     using graphile_worker._private_tasks t
     where t.id = j.task_id and j.locked_at is null
       and ((t.identifier = 'send-email' and lower(j.payload->>'to') = any(${addresses}::text[]))
         or (t.identifier = 'password-reset' and lower(btrim(j.payload->>'login')) = any(${logins}::text[])))`;
}
