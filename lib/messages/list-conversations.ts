import "server-only";
import { sql } from "kysely";
import { sessionReadsSql } from "@/lib/audit/record-read";
import type { Scope } from "@/lib/auth/scope";
import { formatDate } from "@/lib/dates";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { pageOfCountedRows, type Page, type PageRequest } from "@/lib/paging";
import type { ConversationBody } from "@/lib/schemas/messages";
import { msSql } from "@/lib/db/database-clock";
import { sessionPartySql } from "@/lib/sessions/session-party";
import { unreadOfSessionSql } from "./unread-sql";

type Filter = PageRequest & { unread: boolean; sessionId?: number };

type Row = { total: number } & (
  | { id: null }
  | {
      id: number;
      chatId: string;
      title: string;
      isClosed: boolean;
      clientName: string;
      unread: number;
      lastMessageAt: number | null;
    }
);

// The latest message first; then the sessions without one, those started (on the database's clock)
// the latest first, then those to come the soonest first: sessions planned weeks ahead would
// otherwise come before last week's, on a list whose first few a client sees (docs/messages.md).
const conversationOrder = (of: "" | "p.") =>
  sql.raw(`${of}"lastAt" desc nulls last, ${of}"startAt" > now(),
           case when ${of}"startAt" <= now() then ${of}"startAt" end desc, ${of}"startAt", ${of}"sessionId" desc`);

// One statement: the sessions of the caller's conversations with the caller's unread count (the
// messages of others after their read mark) and the last message's moment, counted as a row of
// their own, the page of them joined to that row (pageOfCountedRows), and the audit row of each
// session on the page (its title and its client's name). No message is read. A session asked for is
// in the text only when asked, as the session list's filters are (lib/sessions/list-sessions.ts).
const listQuery = (scope: Scope, f: Filter) =>
  sql<Row>`
with c as (
  select s.id as "sessionId", s."clinicId", s."startAt",
         ${unreadOfSessionSql("s", scope)} as unread,
         -- The newest message by id (the (sessionId, id) index, one row), not the max over all of them.
         (select m."createdAt" from "Message" m where m."sessionId" = s.id order by m.id desc limit 1) as "lastAt"
    from "Session" s
   where ${sessionPartySql("s", scope)}
     ${f.sessionId == null ? sql`` : sql`and s.id = ${f.sessionId}::int`}
), shown as (
  select * from c where not ${f.unread}::boolean or unread > 0
), page as (
  select * from shown order by ${conversationOrder("")}
   limit ${f.size}::int offset ${f.page * f.size}::int
), audit as (${sessionReadsSql(scope.accountId, "page")})
select t.total, s.id, s."chatId", s.title, s."closedAt" is not null as "isClosed", cl.name as "clientName",
       p.unread, ${sql.raw(msSql('p."lastAt"'))} as "lastMessageAt"
  from (select count(*)::int as total from shown) t
  left join page p on true
  left join "Session" s on s.id = p."sessionId"
  left join "Client" cl on cl.id = s."clientId"
 order by ${conversationOrder("p.")}`.compile(sqlBuilder);

/** The conversations the caller may read, most recent first (`conversationOrder`), with the caller's unread counts. */
export async function listConversations(scope: Scope, f: Filter, offset: number): Promise<Page<ConversationBody>> {
  const rows = await runSql(`conversation-list-${scope.role}`, listQuery(scope, f));
  return pageOfCountedRows(
    rows,
    (r) => ({
      sessionId: r.id,
      chatId: r.chatId,
      title: r.title,
      isClosed: r.isClosed,
      clientName: r.clientName,
      unread: r.unread,
      lastMessageDate: formatDate(r.lastMessageAt, offset),
    }),
    f,
  );
}
