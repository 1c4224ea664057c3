import { expect } from "vitest";
import type { Tx } from "@/lib/db/prisma";
import { migrationRolledBack } from "./rolled-back-migration";
import { db, makeWorld } from "./world";

type Words = { en: string; fr?: string };
export type Block = { type?: string; key?: string; label?: Words; body?: Words };
export type Definition = { blocks: Block[] };

const isDefinition = (v: unknown): v is Definition =>
  typeof v === "object" && v !== null && Array.isArray((v as { blocks?: unknown }).blocks);

/**
 * A migration that rewords a standard measure's copies (its French, say) checked on a new clinic's
 * copy: made as a clinic created before had it (`earlier`, from the library's words, which must
 * differ in `changed` blocks), the migration adds the library's words as version 2 and keeps the
 * earlier version for the homework given it; a copy already in the library's words gets none.
 */
export async function expectRewordedCopies(
  migration: string,
  libraryKey: string,
  earlier: (now: Definition) => Definition,
  changed: number,
) {
  const w = await makeWorld();
  const copy = await db.module.findFirstOrThrow({
    where: { libraryKey, book: { clinicId: w.clinic.id } },
    select: { id: true, versions: { select: { id: true, version: true, definition: true } } },
  });
  const [first] = copy.versions;
  expect(copy.versions).toHaveLength(1);
  if (!first || !isDefinition(first.definition)) throw new Error("the copy has no definition");
  const now = first.definition;
  const before = earlier(now);
  expect(before.blocks.filter((b, i) => JSON.stringify(b) !== JSON.stringify(now.blocks[i]))).toHaveLength(changed);
  const versions = (tx: Tx) =>
    tx.moduleVersion.findMany({
      where: { moduleId: copy.id },
      orderBy: { version: "asc" },
      select: { version: true, definition: true },
    });
  const seen = await migrationRolledBack(migration, versions, (tx) =>
    tx.moduleVersion.update({ where: { id: first.id }, data: { definition: before } }),
  );
  expect(seen).toEqual([
    { version: 1, definition: before },
    { version: 2, definition: now },
  ]);
  expect(await migrationRolledBack(migration, versions)).toEqual([{ version: 1, definition: now }]);
}
