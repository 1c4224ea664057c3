import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { formatDate } from "@/lib/dates";
import { pageBody, type PageRequest } from "@/lib/paging";
import type { AuditEntry } from "@/lib/schemas/catalog";
import { msSql } from "@/lib/sessions/session-lock";

// The trail names the reader by id only (no relation: schema.prisma's AuditLog), so the page joins
// the account itself; the total comes with the rows (a window count), as the other paged lists do.
const pageQuery = (clinicId: number, limit: number, skip: number) =>
  sqlBuilder
    .selectFrom("AuditLog as l")
    .innerJoin("Account as a", "a.id", "l.accountId")
    .select(["l.id", "l.action", "l.targetId", "l.accountId", "a.username", "a.role"])
    .select([sql<number>`${sql.raw(msSql('l."at"'))}`.as("at"), sql<number>`count(*) over ()::int`.as("total")])
    .where("l.clinicId", "=", clinicId)
    .orderBy("l.id", "desc")
    .limit(limit)
    .offset(skip)
    .compile();

/** The clinic's audit log, newest first: who read which session, client or image, when. */
export async function listAuditLog(
  scope: ClinicScope | InstituteScope,
  q: { clinicId?: number } & PageRequest,
  offset: number,
) {
  const clinicId = await resolveClinic(scope, q.clinicId);
  const rows = await runSql("audit-log", pageQuery(clinicId, q.size, q.page * q.size));
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 0) {
    // Past the last page no row carries the total: the first row of the first page does.
    const [first] = await runSql("audit-log", pageQuery(clinicId, 1, 0));
    total = first?.total ?? 0;
  }
  const content = rows.map((r): z.infer<typeof AuditEntry> => ({
    id: r.id,
    at: formatDate(r.at, offset),
    action: r.action,
    targetId: r.targetId,
    accountId: r.accountId,
    username: r.username,
    role: r.role,
  }));
  return pageBody(content, total, q);
}
