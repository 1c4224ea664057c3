import "server-only";
import type { z } from "zod";
import type { AuthorScope } from "@/lib/authoring/catalog-scope";
import { BOOK_DETAIL_SELECT, mapBookDetail } from "@/lib/authoring/read-book";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { db } from "@/lib/db/prisma";
import type { BookCreateRequest, BookDetailT } from "@/lib/schemas/authoring";

/** A new, empty book of the caller's clinic (an INSTITUTE names one of its clinics). */
export async function createBook(scope: AuthorScope, input: z.output<typeof BookCreateRequest>): Promise<BookDetailT> {
  const clinicId = await resolveClinic(scope, input.clinicId);
  const b = await db().book.create({
    data: { clinicId, name: input.name, description: input.description },
    select: BOOK_DETAIL_SELECT,
  });
  return mapBookDetail(b);
}
