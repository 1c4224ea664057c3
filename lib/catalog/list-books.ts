import "server-only";
import type { z } from "zod";
import type { ScopeOf } from "@/lib/auth/scope";
import { catalogClinics } from "@/lib/catalog/catalog-clinics";
import { db } from "@/lib/db/prisma";
import { readPage } from "@/lib/db/read-page";
import { pageBody, type Page, type PageRequest } from "@/lib/paging";
import type { Book } from "@/lib/schemas/catalog";

/**
 * Books of the caller's clinic(s) with the modules they give, in order: those in use, or with
 * `archived` the archived ones.
 */
export async function listBooks(
  scope: ScopeOf<"CLINIC" | "INSTITUTE" | "CAREGIVER">,
  q: { clinicId?: number; archived?: boolean } & PageRequest,
): Promise<Page<z.infer<typeof Book>>> {
  const where = {
    clinicId: { in: await catalogClinics(scope, q.clinicId) },
    archivedAt: q.archived ? { not: null } : null,
  };
  const [rows, total] = await readPage(
    db().book.findMany({
      where,
      select: {
        id: true,
        name: true,
        clinicId: true,
        modules: {
          where: { archivedAt: null },
          select: { id: true, name: true, position: true, isTest: true },
          orderBy: { position: "asc" },
        },
      },
      orderBy: { id: "asc" },
      skip: q.page * q.size,
      take: q.size,
    }),
    db().book.count({ where }),
  );
  return pageBody(rows, total, q);
}
