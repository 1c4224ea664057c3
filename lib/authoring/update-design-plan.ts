import "server-only";
import type { z } from "zod";
import { setArchived } from "@/lib/authoring/archive";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { lockBooksShared, lockDesignPlan } from "@/lib/authoring/lock-rows";
import { withNameInUse } from "@/lib/authoring/name-in-use";
import { writePlanWeeks } from "@/lib/authoring/plan-weeks";
import { readDesignPlan } from "@/lib/authoring/read-design-plan";
import { db, type Tx } from "@/lib/db/prisma";
import { conflict, notFound } from "@/lib/errors";
import type { DesignPlanDetailT, DesignPlanUpdateRequest } from "@/lib/schemas/authoring";

/**
 * Changes a design plan: the fields sent; `weeks`, when sent, replaces the whole program; `archived`
 * archives it or brings it back (archive.ts). Sessions already scheduled keep their homework: the
 * plan is read when sessions are scheduled.
 */
export async function updateDesignPlan(
  scope: AuthorScope,
  id: number,
  input: z.output<typeof DesignPlanUpdateRequest>,
): Promise<DesignPlanDetailT> {
  const plan = await db().designPlan.findFirst({
    where: { id, clinic: catalogClinicsWhere(scope) },
    select: { id: true, clinicId: true },
  });
  if (!plan) throw notFound("design plan");
  const { weeks, archived } = input;
  await withNameInUse("design plan", input, () =>
    db().$transaction(async (tx) => {
      if (!(await lockDesignPlan(tx, id))) throw notFound("design plan");
      // Archived first, brought back last, as a book is (update-book.ts).
      if (archived === true) await setArchived(tx, "DesignPlan", id, true);
      await tx.designPlan.update({
        where: { id },
        data: { name: input.name, nameFr: input.nameFr, description: input.description },
      });
      // New weeks refuse an archived book themselves; the weeks kept are checked on bringing it back.
      if (weeks) await writePlanWeeks(tx, plan, weeks);
      else if (archived === false) await assertNoArchivedBook(tx, plan);
      if (archived === false) await setArchived(tx, "DesignPlan", id, false);
    }),
  );
  return readDesignPlan(scope, id);
}

/** Refuses to bring back a plan (its row locked by the caller) while a book of its weeks is archived. */
async function assertNoArchivedBook(tx: Tx, plan: { id: number; clinicId: number }) {
  const weeks = await tx.designPlanWeek.findMany({
    where: { designPlanId: plan.id },
    select: { bookId: true, book: { select: { name: true } } },
  });
  const books = await lockBooksShared(tx, plan.clinicId, [...new Set(weeks.map((w) => w.bookId))]);
  const names = [...new Set(weeks.filter((w) => books.get(w.bookId)?.archivedAt).map((w) => w.book.name))];
  if (names.length)
    throw conflict(
      `the plan's weeks give ${names.length === 1 ? "an archived book" : "archived books"} (${names.join(", ")}): nothing changed, and the plan stays archived; bring ${names.length === 1 ? "that book" : "those books"} back, or take ${names.length === 1 ? "it" : "them"} out of the plan's weeks, first`,
    );
}
