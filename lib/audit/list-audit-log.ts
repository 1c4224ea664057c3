import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageOfCountedRows, type PageRequest } from "@/lib/paging";
import type { AuditAction, Role } from "@/lib/generated/prisma/enums";
import type { AuditEntry } from "@/lib/schemas/catalog";
import { msSql } from "@/lib/db/database-clock";

type Row = { total: number } & (
  | { id: null }
  | { id: number; action: AuditAction; targetId: number; accountId: number; username: string; role: Role; at: number }
);

// One statement, one snapshot: the page walks the clinic's trail backwards from its newest row
// ((clinicId, id) index) and joins the reader's account to its rows only (the trail names the
// reader by id, without a relation: schema.prisma's AuditLog); the total counts the clinic's rows
// from the same index (a row of its own joined to the page: pageOfCountedRows). A trail grows with
// every read: a window count over the joined rows read and joined all of them for every page (about
// 0.7 s a page at 500,000 rows). The page is cut before the join: accounts are disabled, never
// deleted, so every row keeps its reader.
const pageQuery = (clinicId: number, page: PageRequest) =>
  sql<Row>`
select t.total, p.id, p.action, p."targetId", p."accountId", p.username, p.role, ${sql.raw(msSql('p."at"'))} as at
  from (select count(*)::int as total from "AuditLog" l where l."clinicId" = ${clinicId}::int) t
  left join lateral (
    select l.id, l.action, l."targetId", l."accountId", l."at", a.username, a.role
      from (select * from "AuditLog" l where l."clinicId" = ${clinicId}::int
             order by l.id desc limit ${page.size}::int offset ${page.page * page.size}::int) l
      join "Account" a on a.id = l."accountId") p on true
 order by p.id desc`.compile(sqlBuilder);

/** The clinic's audit log, newest first: who read which session, client or image, when. */
export async function listAuditLog(
  scope: ClinicScope | InstituteScope,
  q: { clinicId?: number } & PageRequest,
  offset: number,
) {
  const clinicId = await resolveClinic(scope, q.clinicId);
  const rows = await runSql("audit-log", pageQuery(clinicId, q));
  return pageOfCountedRows(
    rows,
    (r): z.infer<typeof AuditEntry> => ({
      id: r.id,
      at: formatDate(r.at, offset),
      action: r.action,
      targetId: r.targetId,
      accountId: r.accountId,
      username: r.username,
      role: r.role,
    }),
    q,
  );
}
