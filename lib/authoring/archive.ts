import "server-only";
import { sql } from "kysely";
import type { Tx } from "@/lib/db/prisma";
import { sqlBuilder } from "@/lib/db/sql";
import { conflict } from "@/lib/errors";

// Archiving in the library (docs/library.md "Archiving"): a book, design plan or module stays, for
// what was given from it, but is no longer offered. One rule ties two of them: a design plan in use
// has no archived book in its weeks. Both sides take the book's row lock (an archiving `for update`,
// a plan's writer `for share`), so two racing requests end as one after the other would.

type Archivable = "Book" | "DesignPlan" | "Module";

/** Now, as Prisma stores a moment (UTC, without a zone). */
const UTC_NOW = sql<Date>`(now() at time zone 'UTC')`;

/**
 * Archives the row (keeping the time of its first archiving) or brings it back, on the database's
 * clock as every instance reads it.
 */
export async function setArchived(tx: Tx, table: Archivable, id: number, archived: boolean): Promise<void> {
  const q = sqlBuilder
    .updateTable(table)
    .set({
      archivedAt: archived ? sql<Date>`coalesce("archivedAt", ${UTC_NOW})` : null,
      updatedAt: UTC_NOW,
    })
    .where("id", "=", id)
    .compile();
  await tx.$executeRawUnsafe(q.sql, ...q.parameters);
}

/**
 * Why a book named where homework is given or planned is refused, or null when it may be: not found
 * in the clinic (`book` undefined), or archived.
 */
export const bookRefusal = (id: number, book: { archivedAt: Date | null } | undefined): string | null =>
  !book ? `book ${String(id)} does not exist in the clinic` : book.archivedAt ? `book ${String(id)} is archived` : null;

/** Refuses to archive a book (its row locked by the caller) while a design plan in use has it in a week. */
export async function assertNoPlanInUseHas(tx: Tx, bookId: number): Promise<void> {
  const plans = await tx.designPlan.findMany({
    where: { archivedAt: null, weeks: { some: { bookId } } },
    select: { name: true },
    orderBy: { id: "asc" },
  });
  if (plans.length)
    throw conflict(
      `the book is in the weeks of ${plans.length === 1 ? "a design plan" : "design plans"} in use (${plans.map((p) => p.name).join(", ")}): nothing changed; take the book out of ${plans.length === 1 ? "that plan" : "those plans"}, or archive ${plans.length === 1 ? "that plan" : "those plans"}, first`,
    );
}
