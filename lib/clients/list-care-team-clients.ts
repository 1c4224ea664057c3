import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";
import { pageBody, type PageRequest } from "@/lib/paging";
import { careTeamClient } from "@/lib/sessions/care-team";

/** The caller's own clients (the care-team rule), by name: what a caregiver can filter sessions by. */
export async function listCareTeamClients(scope: Scope, q: PageRequest) {
  if (scope.role !== "CAREGIVER" || scope.caregiverId === null) throw new AppError("forbidden", "for caregivers only");
  const where = careTeamClient(scope.caregiverId);
  const [rows, total] = await Promise.all([
    db().client.findMany({
      where,
      select: { id: true, name: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: q.page * q.size,
      take: q.size,
    }),
    db().client.count({ where }),
  ]);
  return pageBody(rows, total, q);
}
