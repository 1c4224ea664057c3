import "server-only";
import { sql } from "kysely";
import type { Scope } from "@/lib/auth/scope";
import type { Tx } from "@/lib/db/prisma";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import type { AuditAction } from "@/lib/generated/prisma/enums";

/** Records who read which health data; the read answers only once this row is written. */
export async function recordRead(scope: Scope, action: AuditAction, clinicId: number, targetId: number): Promise<void> {
  await recordReads(scope, action, [{ clinicId, targetId }]);
}

// Straight through pg, one text whatever the number of rows: every read of health data pays for
// this statement, and Prisma's query interpreter cost more of the server's thread than the read.
const insertReads = (accountId: number, action: AuditAction, clinicIds: number[], targetIds: number[]) =>
  sql`insert into "AuditLog" ("clinicId", "accountId", action, "targetId")
select c, ${accountId}::int, ${action}::"AuditAction", t from unnest(${clinicIds}::int[], ${targetIds}::int[]) as x(c, t)`.compile(
    sqlBuilder,
  );

/** The same for a read that showed several records at once (a list): one row each, one statement. */
export async function recordReads(
  scope: Scope,
  action: AuditAction,
  targets: readonly { clinicId: number; targetId: number }[],
): Promise<void> {
  if (targets.length === 0) return;
  await runSql(
    "record-reads",
    insertReads(
      scope.accountId,
      action,
      targets.map((t) => t.clinicId),
      targets.map((t) => t.targetId),
    ),
  );
}

/** The same in the caller's transaction: the row commits with the change whose answer shows the record. */
export async function recordReadIn(tx: Tx, scope: Scope, action: AuditAction, clinicId: number, targetId: number) {
  const q = readSql(scope.accountId, action, clinicId, targetId).compile(sqlBuilder);
  await tx.$executeRawUnsafe(q.sql, ...q.parameters);
}

/** SQL: the body of a data-modifying CTE that writes one row, by the reader's account. */
export const readSql = (accountId: number, action: AuditAction, clinicId: number, targetId: number) =>
  sql`insert into "AuditLog" ("clinicId", "accountId", action, "targetId")
  values (${clinicId}::int, ${accountId}::int, ${action}::"AuditAction", ${targetId}::int)`;

/**
 * SQL: the body of a data-modifying CTE that writes one READ_SESSION row per session of the
 * statement's CTE `rows` (its "clinicId" and "sessionId"), by the reader's account: a list that
 * shows sessions records its reads in its own statement, only for the page it answers.
 */
export const sessionReadsSql = (accountId: number, rows: string) =>
  sql`insert into "AuditLog" ("clinicId", "accountId", action, "targetId")
  select distinct r."clinicId", ${accountId}::int, 'READ_SESSION'::"AuditAction", r."sessionId" from ${sql.table(rows)} r`;
