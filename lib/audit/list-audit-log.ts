import "server-only";
import { sql, type RawBuilder } from "kysely";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageOfCountedRows, type PageRequest } from "@/lib/paging";
import type { AuditAction, Role } from "@/lib/generated/prisma/enums";
import type { AuditEntry, AuditQuery } from "@/lib/schemas/catalog";
import { msSql } from "@/lib/db/database-clock";

type Row = { total: number } & (
  | { id: null }
  | {
      id: number;
      action: AuditAction;
      targetId: number;
      clientId: number;
      accountId: number;
      username: string;
      role: Role;
      at: number;
    }
);

type Filter = z.output<typeof AuditQuery>;

// The rows a client's record is read by: the client and its photo by the client's id, a session
// and its messages by the session's, a document by its own. Each row names its target by id
// (schema.prisma's AuditLog), so the filter lists the client's targets and finds their rows by the
// target index. Only the clinic's own client and sessions are listed: another clinic's, however
// much read, costs the caller nothing and so tells it nothing, not even by the time it takes.
const clientTargets = (clinicId: number, clientId: number) => sql`
select a::"AuditAction", c.id from "Client" c cross join unnest(array['READ_CLIENT', 'READ_CLIENT_IMAGE']) a
 where c.id = ${clientId}::int and c."clinicId" = ${clinicId}::int
union all
select a::"AuditAction", s.id from "Session" s cross join unnest(array['READ_SESSION', 'READ_MESSAGES']) a
 where s."clientId" = ${clientId}::int and s."clinicId" = ${clinicId}::int
union all
select 'READ_DOCUMENT'::"AuditAction", d.id from "Document" d join "Session" s on s.id = d."sessionId"
 where s."clientId" = ${clientId}::int and s."clinicId" = ${clinicId}::int`;

// The clinic's rows, or one reader's, or one client's. One client's rows are found from their
// targets and then sorted: `offset 0` keeps the planner from walking the clinic's whole trail
// backwards in search of the newest few (1.2 s at 500,000 rows, against 35 ms).
const trail = (clinicId: number, f: Filter): RawBuilder<unknown> => {
  const reader = f.accountId === undefined ? sql`` : sql`and l."accountId" = ${f.accountId}::int`;
  return f.clientId === undefined
    ? sql`(select l.* from "AuditLog" l where l."clinicId" = ${clinicId}::int ${reader}) l`
    : sql`(select l.* from (${clientTargets(clinicId, f.clientId)}) t(action, id)
             join "AuditLog" l on (l.action, l."targetId") = (t.action, t.id)
            where l."clinicId" = ${clinicId}::int ${reader} offset 0) l`;
};

// The client a row is about, as the trail's retention rule reads it too (migration
// 20261206235500_audit_row_client): sessions, documents and clients keep their rows, so every row
// has one.
const clientOf = sql`"AuditLog_clientId"(p.action, p."targetId")`;

// One statement, one snapshot: the page walks the clinic's trail backwards from its newest row
// ((clinicId, id) index, or the target index for one client) and joins the reader's account and
// the client to its rows only (the trail names the reader by id, without a relation); the total
// counts the same rows (a row of its own joined to the page: pageOfCountedRows). A trail grows with
// every read: a window count over the joined rows read and joined all of them for every page (about
// 0.7 s a page at 500,000 rows). The page is cut before the join: accounts are disabled, never
// deleted, so every row keeps its reader.
const pageQuery = (clinicId: number, f: Filter, page: PageRequest) =>
  sql<Row>`
select t.total, p.id, p.action, p."targetId", ${clientOf} as "clientId", p."accountId", p.username, p.role,
       ${sql.raw(msSql('p."at"'))} as at
  from (select count(*)::int as total from ${trail(clinicId, f)}) t
  left join lateral (
    select l.id, l.action, l."targetId", l."accountId", l."at", a.username, a.role
      from (select l.* from ${trail(clinicId, f)}
             order by l.id desc limit ${page.size}::int offset ${page.page * page.size}::int) l
      join "Account" a on a.id = l."accountId") p on true
 order by p.id desc`.compile(sqlBuilder);

/**
 * The clinic's audit log, newest first: who read which session, client, photo, messages or
 * document, when; only one client's record, or one reader's reads, when asked.
 */
export async function listAuditLog(
  scope: ClinicScope | InstituteScope,
  q: { clinicId?: number } & Filter & PageRequest,
  offset: number,
) {
  const clinicId = await resolveClinic(scope, q.clinicId);
  const rows = await runSql("audit-log", pageQuery(clinicId, q, q));
  return pageOfCountedRows(
    rows,
    (r): z.infer<typeof AuditEntry> => ({
      id: r.id,
      at: formatDate(r.at, offset),
      action: r.action,
      targetId: r.targetId,
      clientId: r.clientId,
      accountId: r.accountId,
      username: r.username,
      role: r.role,
    }),
    q,
  );
}
