import "server-only";
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { setArchived } from "@/lib/authoring/archive";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { lockModule } from "@/lib/authoring/lock-rows";
import { readModule } from "@/lib/authoring/read-module";
import { db } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import { isStandardMeasure } from "@/lib/library/standard-measures";
import type { ModuleDetailT, ModuleUpdateRequest } from "@/lib/schemas/authoring";
import { ModuleDefinition } from "@/lib/schemas/module-definition";

/**
 * Renames a module (in either language), changes what it asks and/or archives it (archive.ts). A definition that differs from the current one is
 * added as the next version (the current one stays, with every assignment given it); the same
 * definition adds nothing; a standard measure's changed definition is a 409 (standard-measures.ts).
 * Editors of one module take its row lock, so two racing edits make versions n+1 and n+2, never
 * two n+1.
 */
export async function updateModule(
  scope: AuthorScope,
  id: number,
  input: z.output<typeof ModuleUpdateRequest>,
): Promise<ModuleDetailT> {
  const visible = await db().module.findFirst({
    where: { id, book: { clinic: catalogClinicsWhere(scope) } },
    select: { id: true, libraryKey: true },
  });
  if (!visible) throw notFound("module");
  const definition = input.definition;
  return db().$transaction(async (tx) => {
    if (!(await lockModule(tx, id))) throw notFound("module");
    const current = await tx.moduleVersion.findFirst({
      where: { moduleId: id },
      orderBy: { version: "desc" },
      select: { version: true, definition: true },
    });
    // Both as the schema reads them (defaults filled in: a version stored before a field had its
    // default is the same definition), then as stored (jsonb): absent optional fields are absent,
    // key order does not matter.
    const asStored = (d: unknown): unknown => JSON.parse(JSON.stringify(d));
    const stored = current && ModuleDefinition.safeParse(current.definition);
    const changed =
      definition !== undefined &&
      (!stored ||
        !isDeepStrictEqual(asStored(definition), asStored(stored.success ? stored.data : current.definition)));
    // A definition is sent whole: edited from an older version, it would silently put back what a
    // colleague's save changed since (found by a review as a programme's author, 2026-12-07).
    if (changed && current && input.baseVersion !== undefined && input.baseVersion < current.version)
      throw conflict(
        `this module was saved again since version ${String(input.baseVersion)}, which this change was made from (it is now version ${String(current.version)}): nothing was saved, as it would undo that save; read the module again and make the change there`,
      );
    if (changed && isStandardMeasure(visible.libraryKey))
      throw conflict(
        "a standard measure keeps its questions, answers and scoring as published, so that its scores mean what the instrument's do: it can be renamed, not changed",
      );
    if (changed)
      await tx.moduleVersion.create({ data: { moduleId: id, version: (current?.version ?? 0) + 1, definition } });
    await tx.module.update({
      where: { id },
      data: { name: input.name, nameFr: input.nameFr, ...(changed && { isTest: definition.scoring !== undefined }) },
    });
    if (input.archived !== undefined) await setArchived(tx, "Module", id, input.archived);
    // Read under the lock: the answer names the version this edit made, not a later editor's.
    return readModule(scope, id, tx);
  });
}
