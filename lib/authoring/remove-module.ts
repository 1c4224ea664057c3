import "server-only";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { lockBook, lockModule } from "@/lib/authoring/lock-rows";
import { readBook } from "@/lib/authoring/read-book";
import { db } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import type { BookDetailT } from "@/lib/schemas/authoring";

/**
 * Removes a module that was never assigned, with its versions. An assigned module stays (409):
 * its assignments keep their module and version, and removing it would take their questions away.
 */
export async function removeModule(scope: AuthorScope, id: number): Promise<BookDetailT> {
  const m = await db().module.findFirst({
    where: { id, book: { clinic: catalogClinicsWhere(scope) } },
    select: { bookId: true },
  });
  if (!m) throw notFound("module");
  await db().$transaction(async (tx) => {
    await lockBook(tx, m.bookId);
    // Held to the commit: an assignment of the module made meanwhile waits for it.
    if (!(await lockModule(tx, id))) throw notFound("module");
    const assigned = await tx.assignment.count({ where: { moduleId: id } });
    if (assigned)
      throw conflict(
        `the module has been assigned ${assigned} time${assigned === 1 ? "" : "s"}: it stays, so that those assignments keep their questions`,
      );
    await tx.moduleVersion.deleteMany({ where: { moduleId: id } });
    await tx.module.delete({ where: { id } });
  });
  return readBook(scope, m.bookId);
}
