import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db, type Tx } from "@/lib/db/prisma";
import { AppError, conflict, notFound } from "@/lib/errors";
import { runIdempotent, type Idempotent } from "@/lib/idempotency/run-idempotent";
import { MAX_SESSION_MESSAGES, type MessageBody } from "@/lib/schemas/messages";
import { sessionParty } from "@/lib/sessions/session-party";
import { MESSAGE_SELECT, mapMessage } from "./map-message";
import { queueMessageNotices } from "./queue-message-notices";

const LOCATION = /^\/session\/(\d+)\/message\/(\d+)$/;

/**
 * Adds a message to an open session's conversation and queues the notices of the other parties,
 * in one transaction, under the caller's optional Idempotency-Key. Closed session: 409.
 */
export async function postMessage(
  scope: Scope,
  sessionId: number,
  text: string,
  opts: { offset: number; idempotencyKey: string | null },
): Promise<Idempotent<MessageBody>> {
  return runIdempotent(
    scope.accountId,
    opts.idempotencyKey,
    { operation: "postMessage", body: { sessionId, text } },
    {
      create: async (tx) => {
        const message = await createMessage(tx, scope, sessionId, text);
        return {
          location: `/session/${String(sessionId)}/message/${String(message.id)}`,
          value: mapMessage(message, scope.accountId, opts.offset),
        };
      },
      replay: async (location) => {
        const [, sid, mid] = LOCATION.exec(location) ?? [];
        const message = await db().message.findFirst({
          where: { id: Number(mid), sessionId: Number(sid), session: sessionParty(scope) },
          select: MESSAGE_SELECT,
        });
        if (!message) throw notFound("session");
        return mapMessage(message, scope.accountId, opts.offset);
      },
    },
  );
}

async function createMessage(tx: Tx, scope: Scope, sessionId: number, text: string) {
  // The session's row for update (no key): a close waits for this message, or this one sees it
  // closed; and two posts to one session take turns, so their ids are in the order they become
  // visible. With a shared lock a message could get its id, then commit after a newer one, and a
  // reader polling `after` the newer one would never see it.
  const session = await tx.session.findFirst({
    where: { id: sessionId, ...sessionParty(scope) },
    select: { id: true },
  });
  if (!session) throw notFound("session");
  const [locked] = await tx.$queryRaw<{ closed: boolean }[]>`
    select "closedAt" is not null as closed from "Session" where id = ${sessionId}::int for no key update`;
  if (!locked) throw notFound("session");
  if (locked.closed) throw conflict("the session is closed: its conversation can no longer change");
  // Under the session's lock, so two posts at once cannot both pass the bound.
  const held = await tx.message.count({ where: { sessionId } });
  if (held >= MAX_SESSION_MESSAGES) {
    const message = `the session's conversation holds its most messages (${String(MAX_SESSION_MESSAGES)})`;
    throw new AppError("conflict", message, [{ path: "session", message }]);
  }
  const message = await tx.message.create({
    data: { sessionId, authorAccountId: scope.accountId, text },
    select: MESSAGE_SELECT,
  });
  await queueMessageNotices(tx, sessionId, scope.accountId);
  return message;
}
