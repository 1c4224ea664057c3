import "server-only";
import { sql } from "kysely";
import type { Scope } from "@/lib/auth/scope";
import { formatDate } from "@/lib/dates";
import { runSql } from "@/lib/db/sql";
import { pageBody, type Page, type PageRequest } from "@/lib/paging";
import type { ConversationBody } from "@/lib/schemas/messages";
import { msSql } from "@/lib/sessions/session-lock";
import { sqlBuilder } from "@/lib/db/sql";
import { sessionPartySql } from "@/lib/sessions/session-party";

type Filter = PageRequest & { unread: boolean; sessionId?: number };

type Row = {
  sessionId: number;
  chatId: string;
  title: string;
  isClosed: boolean;
  clientName: string;
  unread: number;
  lastMessageAt: number | null;
  total: number;
};

// One statement: the sessions of the caller's conversations with the caller's unread count (the
// messages of others after their read mark) and the last message's moment. No message is read.
const listQuery = (scope: Scope, f: Filter, limit: number, skip: number) =>
  sql<Row>`
with c as (
  select s.id as "sessionId", s."chatId", s.title, s."closedAt" is not null as "isClosed", cl.name as "clientName",
         (select count(*)::int from "Message" m
           where m."sessionId" = s.id and m."authorAccountId" <> ${scope.accountId}::int
             and m.id > coalesce((select r."lastReadMessageId" from "MessageRead" r
                                   where r."sessionId" = s.id and r."accountId" = ${scope.accountId}::int), 0)) as unread,
         -- The newest message by id (the (sessionId, id) index, one row), not the max over all of them.
         (select m."createdAt" from "Message" m where m."sessionId" = s.id order by m.id desc limit 1) as "lastAt"
    from "Session" s join "Client" cl on cl.id = s."clientId"
   where ${sessionPartySql("s", scope)}
     and (${f.sessionId ?? null}::int is null or s.id = ${f.sessionId ?? null}::int)
)
select "sessionId", "chatId", title, "isClosed", "clientName", unread,
       ${sql.raw(msSql('"lastAt"'))} as "lastMessageAt", count(*) over ()::int as total
  from c
 where not ${f.unread}::boolean or unread > 0
 order by "lastAt" desc nulls last, "sessionId" desc
 limit ${limit}::int offset ${skip}::int`.compile(sqlBuilder);

/** The conversations the caller may read, most recent first, with the caller's unread counts. */
export async function listConversations(scope: Scope, f: Filter, offset: number): Promise<Page<ConversationBody>> {
  const name = `conversation-list-${scope.role}`;
  const rows = await runSql(name, listQuery(scope, f, f.size, f.page * f.size));
  let total = rows[0]?.total ?? 0;
  if (!rows.length && f.page > 0) total = (await runSql(name, listQuery(scope, f, 1, 0)))[0]?.total ?? 0;
  return pageBody(
    rows.map((r) => ({
      sessionId: r.sessionId,
      chatId: r.chatId,
      title: r.title,
      isClosed: r.isClosed,
      clientName: r.clientName,
      unread: r.unread,
      lastMessageDate: formatDate(r.lastMessageAt, offset),
    })),
    total,
    f,
  );
}
