import "server-only";
import type { Tx } from "@/lib/db/prisma";
import type { ClientStatus } from "@/lib/generated/prisma/enums";
import { sqlBuilder } from "@/lib/db/sql";

/**
 * Locks the client's row for the rest of the caller's transaction (`for update`: also every row
 * inserted meanwhile that points to the client, such as a session or an account, waits for it) and reads its
 * status as last committed. Every change of a client's status or care team, and every scheduling
 * of sessions for the client, takes this lock first: racing requests then run one after the other,
 * and none can reach a state that one request alone could not (such as an open session owned by a
 * caregiver who has just left the team). Null: no such client.
 */
export async function lockClient(tx: Tx, clientId: number): Promise<{ status: ClientStatus } | null> {
  const q = sqlBuilder.selectFrom("Client").select("status").where("id", "=", clientId).forUpdate().compile();
  const [row] = await tx.$queryRawUnsafe<{ status: ClientStatus }[]>(q.sql, ...q.parameters);
  return row ?? null;
}
