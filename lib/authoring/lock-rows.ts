import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { sqlBuilder } from "@/lib/db/sql";

// Row locks for the rest of the caller's transaction (`for update`, which Prisma's client has no
// word for): edits of one module, or of one book's list of modules, run one after the other.

/** Locks a module's row: its next version number is then read and written by one editor at a time. */
export async function lockModule(tx: Tx, moduleId: number): Promise<boolean> {
  const q = sqlBuilder.selectFrom("Module").select("id").where("id", "=", moduleId).forUpdate().compile();
  return (await tx.$queryRawUnsafe<{ id: number }[]>(q.sql, ...q.parameters)).length > 0;
}

/** Locks a book's row: adding, reordering and removing its modules run one after the other. */
export async function lockBook(tx: Tx, bookId: number): Promise<boolean> {
  const q = sqlBuilder.selectFrom("Book").select("id").where("id", "=", bookId).forUpdate().compile();
  return (await tx.$queryRawUnsafe<{ id: number }[]>(q.sql, ...q.parameters)).length > 0;
}

/** Locks a design plan's row: replacements of its weeks run one after the other. */
export async function lockDesignPlan(tx: Tx, planId: number): Promise<boolean> {
  const q = sqlBuilder.selectFrom("DesignPlan").select("id").where("id", "=", planId).forUpdate().compile();
  return (await tx.$queryRawUnsafe<{ id: number }[]>(q.sql, ...q.parameters)).length > 0;
}
