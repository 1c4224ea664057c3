import "server-only";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { lockBook } from "@/lib/authoring/lock-rows";
import { readBook } from "@/lib/authoring/read-book";
import { db } from "@/lib/db/prisma";
import { AppError, fieldError, notFound } from "@/lib/errors";
import type { BookDetailT } from "@/lib/schemas/authoring";

/**
 * Puts a book's modules in the order given (every module, once). Only positions change: the
 * modules, their versions and every assignment stay as they are.
 */
export async function reorderModules(scope: AuthorScope, bookId: number, moduleIds: number[]): Promise<BookDetailT> {
  const book = await db().book.findFirst({
    where: { id: bookId, clinic: catalogClinicsWhere(scope) },
    select: { id: true },
  });
  if (!book) throw notFound("book");
  await db().$transaction(async (tx) => {
    await lockBook(tx, bookId);
    const ids = new Set((await tx.module.findMany({ where: { bookId }, select: { id: true } })).map((m) => m.id));
    const foreign = moduleIds.flatMap((id, i) =>
      ids.has(id) ? [] : [{ path: `moduleIds.${i}`, message: `module ${id} is not a module of this book` }],
    );
    const [first] = foreign;
    if (first) throw new AppError("unprocessable", first.message, foreign);
    if (moduleIds.length !== ids.size)
      throw fieldError("bad_request", "moduleIds", `must list every module of the book once (${ids.size})`);
    for (const [i, id] of moduleIds.entries()) await tx.module.update({ where: { id }, data: { position: i + 1 } });
  });
  return readBook(scope, bookId);
}
