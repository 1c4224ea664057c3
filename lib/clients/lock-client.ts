import "server-only";
import { sql } from "kysely";
import type { Tx } from "@/lib/db/prisma";
import type { ClientStatus, Language } from "@/lib/generated/prisma/enums";
import { NOW_MS_SQL } from "@/lib/db/database-clock";
import { sqlBuilder } from "@/lib/db/sql";

/**
 * Locks the client's row for the rest of the caller's transaction (`for update`: also every row
 * inserted meanwhile that points to the client, such as a session or an account, waits for it) and reads its
 * status as last committed. Every change of a client's status or care team, and every scheduling
 * of sessions for the client, takes this lock first: racing requests then run one after the other,
 * and none can reach a state that one request alone could not (such as an open session owned by a
 * caregiver who has just left the team). Null: no such client. `now` is the database's clock, read
 * in the same statement, for the moments the caller goes on to write; `language` is the client's,
 * the language of what the caller writes for them (a session's default title).
 *
 * An erased client is no client (null), unless the caller is the erasure (`evenErased`): the row is
 * read as it stands once its lock is had, so a change that saw the client before an erasure
 * committed, and waited for its row, finds it gone instead of writing back what the erasure took
 * (e2e/domain/erase-client-race.test.ts).
 */
export async function lockClient(
  tx: Tx,
  clientId: number,
  { evenErased = false }: { evenErased?: boolean } = {},
): Promise<{ status: ClientStatus; language: Language; now: Date } | null> {
  const q = sqlBuilder
    .selectFrom("Client")
    .select(["status", "language", sql<number>`${sql.raw(NOW_MS_SQL)}`.as("now")])
    .where("id", "=", clientId)
    .$if(!evenErased, (w) => w.where("erasedAt", "is", null))
    .forUpdate()
    .compile();
  const [row] = await tx.$queryRawUnsafe<{ status: ClientStatus; language: Language; now: number }[]>(
    q.sql,
    ...q.parameters,
  );
  return row ? { status: row.status, language: row.language, now: new Date(row.now) } : null;
}

/**
 * Locks several clients' rows for the rest of the caller's transaction, in id order in one
 * statement whatever their number: two callers locking overlapping sets then wait for each other
 * instead of deadlocking. Reads nothing back; an id of no client locks nothing.
 */
export async function lockClients(tx: Tx, clientIds: readonly number[]): Promise<void> {
  if (!clientIds.length) return;
  await tx.$queryRaw`select id from "Client" where id = any(${[...clientIds]}::int[]) order by id for update`;
}
