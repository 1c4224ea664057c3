import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { catalogClinics } from "@/lib/catalog/catalog-clinics";
import { db } from "@/lib/db/prisma";
import { pageBody, type PageRequest } from "@/lib/paging";

/** Design plans of the caller's clinic(s). */
export async function listDesignPlans(scope: Scope, q: { clinicId?: number } & PageRequest) {
  const where = { clinicId: { in: await catalogClinics(scope, q.clinicId) } };
  const [rows, total] = await Promise.all([
    db().designPlan.findMany({
      where,
      select: { id: true, name: true, description: true, clinicId: true },
      orderBy: { id: "asc" },
      skip: q.page * q.size,
      take: q.size,
    }),
    db().designPlan.count({ where }),
  ]);
  return pageBody(rows, total, q);
}
