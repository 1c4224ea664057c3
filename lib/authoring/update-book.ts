import "server-only";
import type { z } from "zod";
import { assertNoPlanInUseHas, setArchived } from "@/lib/authoring/archive";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { lockBook } from "@/lib/authoring/lock-rows";
import { withNameInUse } from "@/lib/authoring/name-in-use";
import { BOOK_DETAIL_SELECT, mapBookDetail } from "@/lib/authoring/read-book";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import type { BookDetailT, BookUpdateRequest } from "@/lib/schemas/authoring";

/**
 * Renames a book (in either language), changes its description or archives it (archive.ts): the
 * fields sent; its modules and assignments stay.
 */
export async function updateBook(
  scope: AuthorScope,
  id: number,
  input: z.output<typeof BookUpdateRequest>,
): Promise<BookDetailT> {
  const { archived } = input;
  return withNameInUse("book", input, () =>
    db().$transaction(async (tx) => {
      const inScope = await tx.book.count({ where: { id, clinic: catalogClinicsWhere(scope) } });
      if (inScope === 0 || !(await lockBook(tx, id))) throw notFound("book");
      await tx.book.update({
        where: { id },
        data: { name: input.name, nameFr: input.nameFr, description: input.description },
      });
      if (archived) await assertNoPlanInUseHas(tx, id);
      if (archived !== undefined) await setArchived(tx, "Book", id, archived);
      return mapBookDetail(await tx.book.findUniqueOrThrow({ where: { id }, select: BOOK_DETAIL_SELECT }));
    }),
  );
}
