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

/** The clinic's audit log, newest first: who read which session, client or image, when. */
export async function listAuditLog(
  scope: ClinicScope | InstituteScope,
  q: { clinicId?: number } & PageRequest,
  offset: number,
) {
  const clinicId = await resolveClinic(scope, q.clinicId);
  // The trail names the reader by id only (no relation: schema.prisma's AuditLog), so the page
  // joins the account itself, and the total counts the same join: the two always agree.
  const entries = sqlBuilder
    .selectFrom("AuditLog as l")
    .innerJoin("Account as a", "a.id", "l.accountId")
    .where("l.clinicId", "=", clinicId);
  const page = entries
    .select(["l.id", "l.action", "l.targetId", "l.accountId", "a.username", "a.role"])
    .select(sql<number>`${sql.raw(msSql('l."at"'))}`.as("at"))
    .orderBy("l.id", "desc")
    .offset(q.page * q.size)
    .limit(q.size)
    .compile();
  const count = entries.select(sql<number>`count(*)::int`.as("total")).compile();
  const [rows, [counted]] = await Promise.all([runSql("audit-log-page", page), runSql("audit-log-count", count)]);
  const total = counted?.total ?? 0;
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
