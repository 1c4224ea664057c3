import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";

type Week = { bookIds: number[] };

/**
 * Replaces a design plan's weeks: week k is the k-th of `weeks`, its books in the order given. Every
 * book must be one of the plan's clinic (else 422 naming `weeks.<i>.bookIds.<j>`).
 */
export async function writePlanWeeks(tx: Tx, plan: { id: number; clinicId: number }, weeks: Week[]): Promise<void> {
  const named = [...new Set(weeks.flatMap((w) => w.bookIds))];
  const known = new Set(
    (await tx.book.findMany({ where: { id: { in: named }, clinicId: plan.clinicId }, select: { id: true } })).map(
      (b) => b.id,
    ),
  );
  const errors = weeks.flatMap((w, i) =>
    w.bookIds.flatMap((id, j) =>
      known.has(id) ? [] : [{ path: `weeks.${i}.bookIds.${j}`, message: `book ${id} does not exist in the clinic` }],
    ),
  );
  const [first] = errors;
  if (first) throw new AppError("unprocessable", first.message, errors);
  await tx.designPlanWeek.deleteMany({ where: { designPlanId: plan.id } });
  const rows = weeks.flatMap((w, i) =>
    w.bookIds.map((bookId, position) => ({ designPlanId: plan.id, week: i + 1, bookId, position })),
  );
  if (rows.length) await tx.designPlanWeek.createMany({ data: rows });
}
