import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { readPage } from "@/lib/db/read-page";
import { notFound } from "@/lib/errors";
import { pageBody, type Page, type PageRequest } from "@/lib/paging";
import type { MessageBody } from "@/lib/schemas/messages";
import { sessionParty } from "@/lib/sessions/session-party";
import { MESSAGE_SELECT, mapMessage } from "./map-message";

type Query = PageRequest & { after?: number; before?: number; order: "oldest" | "newest" };

/**
 * A page of a session's conversation, oldest first or newest first (`after`, `before`: only the
 * messages between). Returning at least one message marks the conversation read up to the newest
 * of them, never backwards, and records the read (READ_MESSAGES) before answering; an answer with
 * no message read nothing.
 */
export async function listMessages(
  scope: Scope,
  sessionId: number,
  { page, size, after, before, order }: Query,
  offset: number,
): Promise<Page<MessageBody>> {
  const session = await db().session.findFirst({
    where: { id: sessionId, ...sessionParty(scope) },
    select: { id: true, clinicId: true },
  });
  if (!session) throw notFound("session");
  const where = { sessionId, id: { gt: after, lt: before } };
  const [rows, total] = await readPage(
    db().message.findMany({
      where,
      orderBy: { id: order === "newest" ? "desc" : "asc" },
      skip: page * size,
      take: size,
      select: MESSAGE_SELECT,
    }),
    db().message.count({ where }),
  );
  const newest = order === "newest" ? rows.at(0) : rows.at(-1);
  if (newest) await markRead(scope.accountId, session, newest.id);
  return pageBody(
    rows.map((m) => mapMessage(m, scope.accountId, offset)),
    total,
    { page, size },
  );
}

async function markRead(accountId: number, session: { id: number; clinicId: number }, messageId: number) {
  await db().$transaction([
    // An older page read later must not make newer messages unread again: greatest().
    db().$executeRaw`
      insert into "MessageRead" ("sessionId", "accountId", "lastReadMessageId", "updatedAt")
      values (${session.id}::int, ${accountId}::int, ${messageId}::int, now())
      on conflict ("sessionId", "accountId") do update
        set "lastReadMessageId" = greatest("MessageRead"."lastReadMessageId", excluded."lastReadMessageId"),
            "updatedAt" = now()`,
    db().auditLog.create({
      data: { clinicId: session.clinicId, accountId, action: "READ_MESSAGES", targetId: session.id },
      select: { id: true },
    }),
  ]);
}
