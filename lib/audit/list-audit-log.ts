import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { db } from "@/lib/db/prisma";
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
  // joins the account itself.
  const page = sqlBuilder
    .selectFrom("AuditLog as l")
    .innerJoin("Account as a", "a.id", "l.accountId")
    .select(["l.id", "l.action", "l.targetId", "l.accountId", "a.username", "a.role"])
    .select(sql<number>`${sql.raw(msSql('l."at"'))}`.as("at"))
    .where("l.clinicId", "=", clinicId)
    .orderBy("l.id", "desc")
    .offset(q.page * q.size)
    .limit(q.size)
    .compile();
  const [rows, total] = await Promise.all([
    runSql("audit-log-page", page),
    db().auditLog.count({ where: { clinicId } }),
  ]);
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
