import "server-only";
import { sql } from "kysely";
import type { Scope } from "@/lib/auth/scope";

/**
 * SQL: how many messages of others the session aliased `s` holds after the caller's read mark
 * (a person's own messages are never unread to them).
 */
export function unreadOfSessionSql(s: string, scope: Scope) {
  const session = sql.ref(`${s}.id`);
  return sql<number>`(select count(*)::int from "Message" m
           where m."sessionId" = ${session} and m."authorAccountId" <> ${scope.accountId}::int
             and m.id > coalesce((select r."lastReadMessageId" from "MessageRead" r
                                   where r."sessionId" = ${session} and r."accountId" = ${scope.accountId}::int), 0))`;
}
