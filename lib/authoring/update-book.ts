import "server-only";
import type { z } from "zod";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { BOOK_DETAIL_SELECT, mapBookDetail } from "@/lib/authoring/read-book";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import type { BookDetailT, BookUpdateRequest } from "@/lib/schemas/authoring";

/**
 * Renames a book (in either language) or changes its description: the fields sent; its modules and
 * assignments stay.
 */
export async function updateBook(
  scope: AuthorScope,
  id: number,
  input: z.output<typeof BookUpdateRequest>,
): Promise<BookDetailT> {
  // One statement: the scope is part of the update's condition, so nothing outside it changes.
  const { count } = await db().book.updateMany({
    where: { id, clinic: catalogClinicsWhere(scope) },
    data: { name: input.name, nameFr: input.nameFr, description: input.description },
  });
  if (count === 0) throw notFound("book");
  return mapBookDetail(await db().book.findUniqueOrThrow({ where: { id }, select: BOOK_DETAIL_SELECT }));
}
