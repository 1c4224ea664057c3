import "server-only";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
} from "kysely";
import { pool } from "@/lib/db/pool";
import type { DB } from "@/lib/generated/kysely/database";

// SQL that Prisma's client cannot say, or not in one statement, is written with Kysely over the
// types prisma-kysely generates from schema.prisma, so its rows are typed by construction (see
// docs/architecture.md). Kysely only builds and compiles here (its driver never connects); the
// statement runs on the shared pg pool as a named prepared statement, planned once per connection.
export const sqlBuilder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * Runs a compiled statement as the prepared statement `name`; its rows as the query says. A name
 * stands for one SQL text: a query whose text varies with its input needs a name per variant.
 */
export async function runSql<Row extends object>(name: string, query: CompiledQuery<Row>): Promise<Row[]> {
  const { rows } = await pool().query<Row & Record<string, unknown>>({
    name,
    text: query.sql,
    values: [...query.parameters],
  });
  return rows;
}
