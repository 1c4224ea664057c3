import "server-only";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { db } from "@/lib/db/prisma";
import { formatDate } from "@/lib/dates";
import { pageBody, type PageRequest } from "@/lib/paging";
import type { AuditEntry } from "@/lib/schemas/catalog";

/** The clinic's audit log, newest first: who read which session, client or image, when. */
export async function listAuditLog(
  scope: ClinicScope | InstituteScope,
  q: { clinicId?: number } & PageRequest,
  offset: number,
) {
  const clinicId = await resolveClinic(scope, q.clinicId);
  const where = { clinicId };
  const [rows, total] = await Promise.all([
    db().auditLog.findMany({
      where,
      select: {
        id: true,
        action: true,
        targetId: true,
        at: true,
        account: { select: { id: true, username: true, role: true } },
      },
      orderBy: { id: "desc" },
      skip: q.page * q.size,
      take: q.size,
    }),
    db().auditLog.count({ where }),
  ]);
  const content = rows.map((r): z.infer<typeof AuditEntry> => ({
    id: r.id,
    at: formatDate(r.at, offset),
    action: r.action,
    targetId: r.targetId,
    accountId: r.account.id,
    username: r.account.username,
    role: r.account.role,
  }));
  return pageBody(content, total, q);
}
