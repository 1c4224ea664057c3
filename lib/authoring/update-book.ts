import "server-only";
import type { z } from "zod";
import { assertNoPlanInUseHas, setArchived } from "@/lib/authoring/archive";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { lockBook } from "@/lib/authoring/lock-rows";
import { withNameInUse } from "@/lib/authoring/name-in-use";
import { readBook } from "@/lib/authoring/read-book";
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
  await withNameInUse("book", input, () =>
    db().$transaction(async (tx) => {
      const inScope = await tx.book.count({ where: { id, clinic: catalogClinicsWhere(scope) } });
      if (inScope === 0 || !(await lockBook(tx, id))) throw notFound("book");
      // Archived first, brought back last: its name is weighed against the others in use only
      // while it is in use itself, so one request may archive it under a name one in use has.
      if (archived === true) {
        await assertNoPlanInUseHas(tx, id);
        await setArchived(tx, "Book", id, true);
      }
      await tx.book.update({
        where: { id },
        data: { name: input.name, nameFr: input.nameFr, description: input.description },
      });
      if (archived === false) await setArchived(tx, "Book", id, false);
    }),
  );
  // Read after the row lock is let go: the detail reads every module's current definition.
  return readBook(scope, id);
}
