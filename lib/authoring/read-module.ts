import "server-only";
import { catalogClinicsWhere, type ReaderScope } from "@/lib/authoring/catalog-scope";
import { db, type Tx } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import { isStandardMeasure } from "@/lib/library/standard-measures";
import type { ModuleDetailT } from "@/lib/schemas/authoring";
import { ModuleDefinition } from "@/lib/schemas/module-definition";

const MODULE_DETAIL_SELECT = {
  id: true,
  bookId: true,
  name: true,
  nameFr: true,
  position: true,
  isTest: true,
  libraryKey: true,
  archivedAt: true,
  book: { select: { clinicId: true } },
  versions: { select: { version: true, definition: true }, orderBy: { version: "desc" }, take: 1 },
} as const;

/** A module of the caller's clinic(s) with its current definition and that version's number. */
export async function readModule(scope: ReaderScope, id: number, tx: Tx = db()): Promise<ModuleDetailT> {
  const m = await tx.module.findFirst({
    where: { id, book: { clinic: catalogClinicsWhere(scope) } },
    select: MODULE_DETAIL_SELECT,
  });
  const [current] = m?.versions ?? [];
  if (!m || !current) throw notFound("module");
  return {
    id: m.id,
    bookId: m.bookId,
    clinicId: m.book.clinicId,
    name: m.name,
    nameFr: m.nameFr,
    position: m.position,
    isTest: m.isTest,
    libraryKey: m.libraryKey,
    standard: isStandardMeasure(m.libraryKey),
    version: current.version,
    archived: m.archivedAt !== null,
    // Stored definitions were validated when written; parsing again gives the schema's type.
    definition: ModuleDefinition.parse(current.definition),
  };
}
