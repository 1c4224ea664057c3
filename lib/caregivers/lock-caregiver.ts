import "server-only";
import type { Tx } from "@/lib/db/prisma";
import type { ActivationStatus } from "@/lib/generated/prisma/enums";
import { sqlBuilder } from "@/lib/db/sql";

/**
 * Locks the care provider's row for the rest of the caller's transaction (`for no key update`, as
 * lockClient does for a client) and reads their status as last committed, in the same statement.
 * Every change of their status, clinics or invitation, and every account made for them (accepting
 * an invitation, SSO) takes this lock first, so a status read here cannot be replaced before the
 * caller's transaction ends. Null: no such care provider.
 */
export async function lockCaregiver(
  tx: Tx,
  caregiverId: number,
): Promise<{ activationStatus: ActivationStatus; instituteId: number } | null> {
  const q = sqlBuilder
    .selectFrom("Caregiver")
    .select(["activationStatus", "instituteId"])
    .where("id", "=", caregiverId)
    .forNoKeyUpdate()
    .compile();
  const [row] = await tx.$queryRawUnsafe<{ activationStatus: ActivationStatus; instituteId: number }[]>(
    q.sql,
    ...q.parameters,
  );
  return row ?? null;
}
