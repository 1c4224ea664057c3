// A restore of a backup taken before a client's erasure, for that client's record: the rows the
// erasure deletes or reduces, copied whole before it and written back whole after it. Not pg_dump
// and pg_restore of the database: the test stack's PostgreSQL is 17 and this machine's pg_dump is
// 15, which refuses a newer server (docs/RELIABILITY.md, "A backup restored"), and the stack's one
// database is shared by the test files running at once, which a restore of all of it would undo.
// What comes back is what a restore brings back for this client: each row as the backup holds it,
// written with the triggers off, as pg_restore loads a table's data before its triggers exist.
import { db } from "./world";

// Every table the erasure touches (lib/clients/erase-client.ts), by its link to the client.
const ofSessions = `"sessionId" in (select id from "Session" where "clientId" = $1)`;
const ofAssignments = `"assignmentId" in (select a.id from "Assignment" a join "Session" s on s.id = a."sessionId" where s."clientId" = $1)`;
const ofAccount = `"accountId" in (select id from "Account" where "clientId" = $1)`;
const RECORD: Record<string, string> = {
  Client: `id = $1`,
  Account: `"clientId" = $1`,
  Session: `"clientId" = $1`,
  CareTeamMember: `"clientId" = $1`,
  Invitation: `"clientId" = $1`,
  Assignment: ofSessions,
  Answer: ofAssignments,
  AutoSaveAnswer: ofAssignments,
  Draft: ofAssignments,
  EarlierAlertReview: ofAssignments,
  AssignmentReminder: ofAssignments,
  Feedback: ofSessions,
  Document: ofSessions,
  Message: ofSessions,
  MessageRead: ofSessions,
  AccessToken: ofAccount,
  RefreshToken: ofAccount,
  WebSession: ofAccount,
  PasswordReset: ofAccount,
  IdempotencyKey: ofAccount,
};

/** The backup: each table's rows of the client's record, as JSON text, as a dump holds them. */
export type Backup = { clientId: number; tables: Record<string, string> };

export async function backUpRecord(clientId: number): Promise<Backup> {
  const tables: Record<string, string> = {};
  for (const [table, where] of Object.entries(RECORD)) {
    const [row] = await db.$queryRawUnsafe<{ rows: string }[]>(
      `select coalesce(jsonb_agg(to_jsonb(t)), '[]')::text as rows from "${table}" t where ${where}`,
      clientId,
    );
    tables[table] = row?.rows ?? "[]";
  }
  return { clientId, tables };
}

/**
 * Writes the backup's rows back: a row the erasure deleted comes back, one it reduced gets the
 * backup's values again. In one transaction, as `pg_restore --single-transaction`.
 */
export async function restoreRecord(backup: Backup) {
  await db.$transaction(async (tx) => {
    // Triggers and the foreign keys' checks off, as in a data-only pg_restore --disable-triggers:
    // a trigger would count a restored assignment on its session again, or stamp a new moment.
    await tx.$executeRawUnsafe(`set local session_replication_role = replica`);
    for (const [table, rows] of Object.entries(backup.tables)) {
      const columns = await tx.$queryRaw<{ name: string; key: boolean }[]>`
        select a.attname as name, coalesce(a.attnum = any(i.indkey), false) as key
          from pg_attribute a
          left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
         where a.attrelid = ${`"${table}"`}::regclass and a.attnum > 0 and not a.attisdropped
         order by a.attnum`;
      const all = columns.map((c) => `"${c.name}"`);
      const keys = columns.filter((c) => c.key).map((c) => `"${c.name}"`);
      await tx.$executeRawUnsafe(
        `insert into "${table}" select * from jsonb_populate_recordset(null::"${table}", $1::jsonb)
         on conflict (${keys.join(", ")}) do update set (${all.join(", ")}) = row(${all.map((c) => `excluded.${c}`).join(", ")})`,
        rows,
      );
    }
  });
}
