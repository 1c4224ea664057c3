import "server-only";
import { sql, type RawBuilder } from "kysely";
import pg from "pg";
import { z } from "zod";
import { pool } from "@/lib/db/pool";
import type { Tx } from "@/lib/db/prisma";
import { sqlBuilder } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { careTeamSessionSql } from "@/lib/sessions/care-team";

// Every lifecycle write (autosave, submit, assignment feedback, session feedback, close) is one
// message of three statements, which PostgreSQL runs as one transaction: (1) lock the session row,
// (2) check and write, (3) read the outcome. The lock is always the session row and always first:
// writes on one session run one after the other and two of them cannot deadlock. Each statement
// takes a fresh snapshot (READ COMMITTED), so (2) sees everything committed before the lock was
// granted. One round trip holds a pooled connection only while PostgreSQL works, so a burst of
// writes queues in the database instead of running the pool dry. FOR NO KEY UPDATE, because
// inserting a feedback row only needs KEY SHARE on the session for its foreign key. The one
// exception: session feedback under an Idempotency-Key runs the same statements in the
// transaction that claims the key (runLifecycleIn), a few round trips; a caregiver's form sends one
// feedback at a time, and a transaction that times out answers 503 (lib/db/errors.ts).

/** Appended to the locking SELECT, whose session is aliased `s`. */
export const LOCK_SESSION = "for no key update of s";

// A change's time is the database's clock (NOW_SQL, lib/db/database-clock.ts), read after the
// lock is held, so that no change can carry a time after the `closedAt` of a close that came later.

// A message of several statements cannot carry bind parameters, so values become literals here,
// and only here: numbers checked finite, text and JSON through the driver's own quoting.
export const sqlNumber = (n: number | null | undefined) => {
  if (n === null || n === undefined) return "null";
  if (!Number.isFinite(n)) throw new TypeError("not a finite number");
  return String(n);
};
export const sqlText = (s: string) => {
  // The protocol ends a statement at NUL; such text is refused, never cut.
  if (s.includes("\0")) throw new AppError("bad_request", "text must not contain NUL characters");
  return pg.escapeLiteral(s);
};
export const sqlJson = (v: unknown) => `${pg.escapeLiteral(JSON.stringify(v))}::jsonb`;

/**
 * A shared SQL fragment (such as the care-team rule) as text; its values must be literals
 * (`sql.lit`) or placeholders the statement numbers itself (`sql.raw("$1")`).
 */
export function inlineSql(fragment: RawBuilder<unknown>): string {
  const { sql, parameters } = fragment.compile(sqlBuilder);
  if (parameters.length) throw new TypeError("an inlined SQL fragment cannot carry bind parameters");
  return sql;
}

/** The session aliased `s` is one the caregiver may act on (care-team.ts), as literal SQL for a lifecycle message. */
export const careTeamSessionLiteral = (caregiverId: number) => inlineSql(careTeamSessionSql("s", sql.lit(caregiverId)));

/** One statement of a lifecycle message and the schema of its rows. */
export type Step = readonly [statement: string, row: z.ZodType];

type RowsOf<S extends readonly Step[]> = { [K in keyof S]: S[K] extends Step ? z.output<S[K][1]>[] : never };

/** The rows of the locking SELECT: the session's id. */
export const LockedRow = z.object({ id: z.number() });

/**
 * Runs the statements as one transaction in one round trip; the rows of each, in order, parsed by
 * the schema beside the statement. Kysely cannot build this message (it compiles one statement
 * with bind parameters), so each caller names its rows' shape next to the select list it
 * describes, and a wrong alias or type fails loudly here instead of reading as `undefined`.
 */
export async function runLifecycle<const S extends readonly Step[]>(...steps: S): Promise<RowsOf<S>> {
  // pg answers a message of several statements with one result per statement (its types say one).
  const r: pg.QueryResult<Record<string, unknown>> | pg.QueryResult<Record<string, unknown>>[] = await pool().query<
    Record<string, unknown>
  >(steps.map(([statement]) => statement).join(";\n"));
  const results = [r].flat();
  if (results.length !== steps.length) throw new TypeError(`${steps.length} statements answered ${results.length}`);
  // Each element was parsed by the schema at its own index, which is what RowsOf says.
  return steps.map(([, row], i) => z.array(row).parse(results[i]?.rows)) as RowsOf<S>;
}

/**
 * The same statements one by one in `tx`, a transaction that writes more (an Idempotency-Key's
 * row): the same lock first, the same fresh snapshot per statement (READ COMMITTED), the same rows.
 */
export async function runLifecycleIn<const S extends readonly Step[]>(tx: Tx, ...steps: S): Promise<RowsOf<S>> {
  const results: unknown[][] = [];
  for (const [statement, row] of steps) results.push(z.array(row).parse(await tx.$queryRawUnsafe(statement)));
  // Each element was parsed by the schema at its own index, which is what RowsOf says.
  return results as RowsOf<S>;
}
