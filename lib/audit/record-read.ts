import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import type { AuditAction } from "@/lib/generated/prisma/enums";

/** Records who read which health data; the read answers only once this row is written. */
export async function recordRead(scope: Scope, action: AuditAction, clinicId: number, targetId: number): Promise<void> {
  await recordReads(scope, action, [{ clinicId, targetId }]);
}

/** The same for a read that showed several records at once (a list): one row each, one statement. */
export async function recordReads(
  scope: Scope,
  action: AuditAction,
  targets: readonly { clinicId: number; targetId: number }[],
): Promise<void> {
  if (targets.length === 0) return;
  await db().auditLog.createMany({
    data: targets.map(({ clinicId, targetId }) => ({ clinicId, targetId, accountId: scope.accountId, action })),
  });
}
