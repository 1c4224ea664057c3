import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { sqlBuilder } from "@/lib/db/sql";

// Row locks for the rest of the caller's transaction (`for update` and `for share`, which Prisma's
// client has no word for): edits of one module, or of one book's list of modules, run one after the
// other; a book is not archived while a design plan's writer names it (archive.ts).

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

/** The books among `ids` of the clinic, share-locked for the caller's transaction, by id. */
export async function lockBooksShared(
  tx: Tx,
  clinicId: number,
  ids: number[],
): Promise<Map<number, { archivedAt: Date | null }>> {
  if (ids.length === 0) return new Map();
  const q = sqlBuilder
    .selectFrom("Book")
    .select(["id", "archivedAt"])
    .where("id", "in", ids)
    .where("clinicId", "=", clinicId)
    .orderBy("id")
    .forShare()
    .compile();
  const rows = await tx.$queryRawUnsafe<{ id: number; archivedAt: Date | null }[]>(q.sql, ...q.parameters);
  return new Map(rows.map((b) => [b.id, b]));
}

/** Locks a design plan's row: replacements of its weeks run one after the other. */
export async function lockDesignPlan(tx: Tx, planId: number): Promise<boolean> {
  const q = sqlBuilder.selectFrom("DesignPlan").select("id").where("id", "=", planId).forUpdate().compile();
  return (await tx.$queryRawUnsafe<{ id: number }[]>(q.sql, ...q.parameters)).length > 0;
}
