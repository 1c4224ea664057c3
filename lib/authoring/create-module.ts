import "server-only";
import type { z } from "zod";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { lockBook } from "@/lib/authoring/lock-rows";
import { readModule } from "@/lib/authoring/read-module";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import { replayId, runIdempotent } from "@/lib/idempotency/run-idempotent";
import type { ModuleCreateRequest, ModuleDetailT } from "@/lib/schemas/authoring";

/**
 * Adds a module at the end of a book of the caller's clinic: its definition (already checked by
 * the schema) becomes version 1; it is a test when the definition scores. Under the caller's
 * optional Idempotency-Key, a retry answers the module the first request added.
 */
export async function createModule(
  scope: AuthorScope,
  bookId: number,
  input: z.output<typeof ModuleCreateRequest>,
  idempotencyKey: string | null,
): Promise<{ location: string; value: ModuleDetailT }> {
  const book = await db().book.findFirst({
    where: { id: bookId, clinic: catalogClinicsWhere(scope) },
    select: { id: true },
  });
  if (!book) throw notFound("book");
  const { value: id, location } = await runIdempotent(
    scope.accountId,
    idempotencyKey,
    { operation: "createModule", body: { bookId, ...input } },
    {
      create: async (tx) => {
        // Two modules added at once get the next two positions, not the same one.
        await lockBook(tx, bookId);
        const last = await tx.module.aggregate({ where: { bookId }, _max: { position: true } });
        const { id } = await tx.module.create({
          data: {
            bookId,
            name: input.name,
            nameFr: input.nameFr,
            position: (last._max.position ?? 0) + 1,
            isTest: input.definition.scoring !== undefined,
            versions: { create: { version: 1, definition: input.definition } },
          },
          select: { id: true },
        });
        return { location: `/gateway/profile/clinic/module/${id}`, value: id };
      },
      replay: replayId,
    },
  );
  return { location, value: await readModule(scope, id) };
}
