import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import type { AuditAction } from "@/lib/generated/prisma/enums";

/** Records who read which health data; the read answers only once this row is written. */
export async function recordRead(scope: Scope, action: AuditAction, clinicId: number, targetId: number): Promise<void> {
  await db().auditLog.create({
    data: { clinicId, accountId: scope.accountId, action, targetId },
    select: { id: true },
  });
}
