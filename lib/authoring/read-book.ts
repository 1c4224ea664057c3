import "server-only";
import { catalogClinicsWhere, type ReaderScope } from "@/lib/authoring/catalog-scope";
import { db, type Tx } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BookDetailT } from "@/lib/schemas/authoring";
import { frenchCounts } from "@/lib/schemas/french-coverage";

const BOOK_DETAIL_SELECT = {
  id: true,
  name: true,
  nameFr: true,
  description: true,
  clinicId: true,
  libraryKey: true,
  archivedAt: true,
  modules: {
    select: {
      id: true,
      name: true,
      position: true,
      isTest: true,
      archivedAt: true,
      versions: { select: { version: true, definition: true }, orderBy: { version: "desc" }, take: 1 },
    },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.BookSelect;

type Row = Prisma.BookGetPayload<{ select: typeof BOOK_DETAIL_SELECT }>;

const mapBookDetail = (b: Row): BookDetailT => ({
  id: b.id,
  name: b.name,
  nameFr: b.nameFr,
  description: b.description,
  clinicId: b.clinicId,
  libraryKey: b.libraryKey,
  archived: b.archivedAt !== null,
  modules: b.modules.map((m) => ({
    id: m.id,
    name: m.name,
    position: m.position,
    isTest: m.isTest,
    version: m.versions[0]?.version ?? 1,
    archived: m.archivedAt !== null,
    french: frenchCounts(m.versions[0]?.definition),
  })),
});

/** A book of the caller's clinic(s) with its modules in order and each one's current version. */
export async function readBook(scope: ReaderScope, id: number, tx: Tx = db()): Promise<BookDetailT> {
  const b = await tx.book.findFirst({
    where: { id, clinic: catalogClinicsWhere(scope) },
    select: BOOK_DETAIL_SELECT,
  });
  if (!b) throw notFound("book");
  return mapBookDetail(b);
}
