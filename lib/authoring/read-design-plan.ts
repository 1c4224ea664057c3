import "server-only";
import { catalogClinicsWhere, type ReaderScope } from "@/lib/authoring/catalog-scope";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import type { DesignPlanDetailT } from "@/lib/schemas/authoring";

/** A design plan of the caller's clinic(s) with its weeks in order, each with its books in order. */
export async function readDesignPlan(scope: ReaderScope, id: number): Promise<DesignPlanDetailT> {
  const p = await db().designPlan.findFirst({
    where: { id, clinic: catalogClinicsWhere(scope) },
    select: {
      id: true,
      name: true,
      nameFr: true,
      description: true,
      clinicId: true,
      archivedAt: true,
      weeks: {
        select: { week: true, book: { select: { id: true, name: true } } },
        orderBy: [{ week: "asc" }, { position: "asc" }],
      },
    },
  });
  if (!p) throw notFound("design plan");
  // Weeks are stored as their books: a week without any (a rest week) is a gap in the numbers.
  const count = Math.max(0, ...p.weeks.map((w) => w.week));
  const weeks = Array.from({ length: count }, (_, i) => ({
    week: i + 1,
    books: p.weeks.filter((w) => w.week === i + 1).map((w) => w.book),
  }));
  return {
    id: p.id,
    name: p.name,
    nameFr: p.nameFr,
    description: p.description,
    clinicId: p.clinicId,
    archived: p.archivedAt !== null,
    weeks,
  };
}
