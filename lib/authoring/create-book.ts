import "server-only";
import type { z } from "zod";
import type { AuthorScope } from "@/lib/authoring/catalog-scope";
import { withNameInUse } from "@/lib/authoring/name-in-use";
import { readBook } from "@/lib/authoring/read-book";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { replayId, runIdempotent } from "@/lib/idempotency/run-idempotent";
import type { BookCreateRequest, BookDetailT } from "@/lib/schemas/authoring";

/**
 * A new, empty book of the caller's clinic (an INSTITUTE names one of its clinics), under the
 * caller's optional Idempotency-Key: a retry answers the book the first request made.
 */
export async function createBook(
  scope: AuthorScope,
  input: z.output<typeof BookCreateRequest>,
  idempotencyKey: string | null,
): Promise<{ location: string; value: BookDetailT }> {
  const clinicId = await resolveClinic(scope, input.clinicId);
  const { value: id, location } = await runIdempotent(
    scope.accountId,
    idempotencyKey,
    { operation: "createBook", body: input },
    {
      create: async (tx) => {
        const { id } = await withNameInUse("book", input, () =>
          tx.book.create({
            data: { clinicId, name: input.name, nameFr: input.nameFr, description: input.description },
            select: { id: true },
          }),
        );
        return { location: `/gateway/profile/clinic/book/${id}`, value: id };
      },
      replay: replayId,
    },
  );
  return { location, value: await readBook(scope, id) };
}
