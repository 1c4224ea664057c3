import "server-only";
import type { z } from "zod";
import type { ScopeOf } from "@/lib/auth/scope";
import { catalogClinics } from "@/lib/catalog/catalog-clinics";
import { db } from "@/lib/db/prisma";
import { readPage } from "@/lib/db/read-page";
import { pageBody, type Page, type PageRequest } from "@/lib/paging";
import type { DesignPlan } from "@/lib/schemas/catalog";

/** Design plans of the caller's clinic(s): those in use, or with `archived` the archived ones. */
export async function listDesignPlans(
  scope: ScopeOf<"CLINIC" | "INSTITUTE" | "CAREGIVER">,
  q: { clinicId?: number; archived?: boolean } & PageRequest,
): Promise<Page<z.infer<typeof DesignPlan>>> {
  const where = {
    clinicId: { in: await catalogClinics(scope, q.clinicId) },
    archivedAt: q.archived ? { not: null } : null,
  };
  const [rows, total] = await readPage(
    db().designPlan.findMany({
      where,
      select: {
        id: true,
        name: true,
        description: true,
        clinicId: true,
        weeks: { select: { week: true }, orderBy: { week: "desc" }, take: 1 },
      },
      orderBy: { id: "asc" },
      skip: q.page * q.size,
      take: q.size,
    }),
    db().designPlan.count({ where }),
  );
  return pageBody(
    rows.map(({ weeks, ...plan }) => ({ ...plan, weekCount: weeks[0]?.week ?? 0 })),
    total,
    q,
  );
}
