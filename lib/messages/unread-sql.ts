import "server-only";
import { sql } from "kysely";
import type { Scope } from "@/lib/auth/scope";

/**
 * SQL: how many messages of others the session aliased `s` holds after the caller's read mark
 * (a person's own messages are never unread to them).
 */
export const unreadOfSessionSql = (scope: Scope) => sql<number>`(select count(*)::int from "Message" m
           where m."sessionId" = s.id and m."authorAccountId" <> ${scope.accountId}::int
             and m.id > coalesce((select r."lastReadMessageId" from "MessageRead" r
                                   where r."sessionId" = s.id and r."accountId" = ${scope.accountId}::int), 0))`;
