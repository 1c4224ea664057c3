import "server-only";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type RawBuilder,
} from "kysely";
import type pg from "pg";
import { sha256 } from "@/lib/auth/token-hash";
import { pool } from "@/lib/db/pool";
import type { DB } from "@/lib/generated/kysely/database";

// SQL that Prisma's client cannot say, or not in one statement, is written with Kysely over the
// types prisma-kysely generates from schema.prisma, so its rows are typed by construction (see
// docs/architecture.md). Kysely only builds and compiles here (its driver never connects); the
// statement runs on the shared pg pool, or on a transaction's own connection (lib/db/prisma.ts,
// `transaction`), as a named prepared statement, prepared once per connection.
export const sqlBuilder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

// A prepared statement's name follows from its text alone (the label and a digest of the text):
// pg refuses a name given again with another text, a query's text may vary with its input (a
// role's condition, a filter), and Next.js loads this module once per route bundle, every copy on
// the one pool (globalThis). Names counted in the order a copy met its texts were the same name for
// different texts in two copies, and pg refused the second on a connection both used (a 500 for
// staff opening a session; e2e/domain/prepared-statements.test.ts). The texts come from the code,
// not from values, so this map stays small.
const statementNames = new Map<string, string>();
function statementName(label: string, text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `${label}:${sha256(text).slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a compiled statement as a prepared statement labelled `label` (prepared once per connection
 * and text); its rows as the query says.
 */
export function runSql<Row extends object>(label: string, query: CompiledQuery<Row>): Promise<Row[]> {
  return runSqlOn(pool(), label, query);
}

/** What runs a compiled statement: runSql on the pool, or one on a transaction's own connection. */
export type RunSql = typeof runSql;

/** runSql on `connection` (the pool, or one connection of it). */
export async function runSqlOn<Row extends object>(
  connection: Pick<pg.Pool, "query">,
  label: string,
  query: CompiledQuery<Row>,
): Promise<Row[]> {
  const { rows } = await connection.query<Row & Record<string, unknown>>({
    name: statementName(label, query.sql),
    text: query.sql,
    values: [...query.parameters],
  });
  return rows;
}

/**
 * The total of a page whose rows each carry it (`count(*) over ()` in `source`, a select of every
 * row the list may show): past the last page no row does, and `source` is counted alone, without
 * reading (or auditing) anything.
 */
export async function totalOfPage(
  label: string,
  source: RawBuilder<unknown>,
  f: { page: number },
  rows: readonly { total: number }[],
): Promise<number> {
  if (rows.length || f.page === 0) return rows[0]?.total ?? 0;
  const count = sql<{ total: number }>`select count(*)::int as total from (${source}) c`.compile(sqlBuilder);
  return (await runSql(label, count))[0]?.total ?? 0;
}
