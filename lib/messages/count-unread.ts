import "server-only";
import { sql } from "kysely";
import type { Scope } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import type { UnreadCountBody } from "@/lib/schemas/messages";
import { sessionPartySql } from "@/lib/sessions/session-party";
import { unreadOfSessionSql } from "./unread-sql";

const countQuery = (scope: Scope) =>
  sql<UnreadCountBody>`
select coalesce(sum(unread), 0)::int as unread, (count(*) filter (where unread > 0))::int as conversations
  from (select ${unreadOfSessionSql("s", scope)} as unread from "Session" s where ${sessionPartySql("s", scope)}) c`.compile(
    sqlBuilder,
  );

/**
 * The caller's unread messages over all their conversations, as two numbers: no title, no name, no
 * message, so not a read of health data (no audit row), and cheap enough for a badge to poll.
 */
export async function countUnread(scope: Scope): Promise<UnreadCountBody> {
  const [row] = await runSql(`unread-count-${scope.role}`, countQuery(scope));
  return row ?? { unread: 0, conversations: 0 };
}
