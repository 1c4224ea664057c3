import "server-only";
import { db } from "@/lib/db/prisma";

/** Messages of others in a session's conversation after the last one the account read. */
export async function unreadCount(sessionId: number, accountId: number): Promise<number> {
  const read = await db().messageRead.findUnique({
    where: { sessionId_accountId: { sessionId, accountId } },
    select: { lastReadMessageId: true },
  });
  return db().message.count({
    where: { sessionId, authorAccountId: { not: accountId }, id: { gt: read?.lastReadMessageId ?? 0 } },
  });
}
