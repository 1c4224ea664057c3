import "server-only";
import { pages } from "@/lib/api-client/paths";
import { scopeOfRow, selectScope, type Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { runSql } from "@/lib/db/sql";
import { enqueue } from "@/lib/jobs/enqueue";
import { sessionParty } from "@/lib/sessions/session-party";
import type { TaskPayload } from "../tasks";

/**
 * "You have a new message" to one person about one session, queued a few minutes after a message
 * (lib/messages/queue-message-notices.ts). Sends nothing when the person has read every message by
 * now, was told already and has not read since, no longer wants notices, or may no longer read the
 * conversation. The email has a link to
 * the page where they read it: no text, no name.
 */
export async function messageNotice({ sessionId, accountId }: TaskPayload<"message-notice">): Promise<void> {
  const [row] = await runSql(
    "message-notice-scope",
    selectScope().where("a.id", "=", accountId).where("a.disabled", "=", false).compile(),
  );
  const scope = row && !row.heldByStatus ? scopeOfRow(row) : null;
  if (!scope) return;
  const person = await recipient(scope);
  if (!person?.messageNoticesOn) return;
  const visible = await db().session.count({ where: { id: sessionId, ...sessionParty(scope) } });
  if (!visible) return;
  const path = scope.role === "CLIENT" ? pages.clientSession(sessionId) : pages.session(sessionId);
  await db().$transaction(async (tx) => {
    // One notice until they read: the mark moves to the newest unread message only when they have
    // read past the previous notice's, in the transaction that queues the email.
    const marked = await tx.$executeRaw`
      with newest as (
        select max(m.id) as id from "Message" m
         where m."sessionId" = ${sessionId} and m."authorAccountId" <> ${accountId}
           and m.id > coalesce((select r."lastReadMessageId" from "MessageRead" r
                                 where r."sessionId" = ${sessionId} and r."accountId" = ${accountId}), 0))
      insert into "MessageRead" ("sessionId", "accountId", "lastReadMessageId", "noticedMessageId", "updatedAt")
      select ${sessionId}, ${accountId}, 0, newest.id, now() from newest where newest.id is not null
      on conflict ("sessionId", "accountId") do update
        set "noticedMessageId" = excluded."noticedMessageId", "updatedAt" = excluded."updatedAt"
        where coalesce("MessageRead"."noticedMessageId", 0) <= "MessageRead"."lastReadMessageId"`;
    if (marked === 0) return;
    await enqueue(tx, "send-email", {
      to: person.email,
      language: person.language,
      kind: "message",
      params: { path },
    });
  });
}

/** The person behind the account, for the roles that get notices (the client and the care team). */
function recipient(scope: Scope) {
  const select = { email: true, language: true, messageNoticesOn: true } as const;
  if (scope.role === "CLIENT") return db().client.findUnique({ where: { id: scope.clientId }, select });
  if (scope.role === "CAREGIVER") return db().caregiver.findUnique({ where: { id: scope.caregiverId }, select });
  return Promise.resolve(null);
}
