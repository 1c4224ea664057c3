import "server-only";
import { bookRefusal } from "@/lib/authoring/archive";
import { lockBooksShared } from "@/lib/authoring/lock-rows";
import type { Tx } from "@/lib/db/prisma";
import { AppError } from "@/lib/errors";

type Week = { bookIds: number[] };

/**
 * Replaces a design plan's weeks: week k is the k-th of `weeks`, its books in the order given. Every
 * book must be one of the plan's clinic and not archived (else 422 naming `weeks.<i>.bookIds.<j>`);
 * they stay share-locked until the caller commits, so none is archived meanwhile (archive.ts).
 */
export async function writePlanWeeks(tx: Tx, plan: { id: number; clinicId: number }, weeks: Week[]): Promise<void> {
  const named = [...new Set(weeks.flatMap((w) => w.bookIds))];
  const books = await lockBooksShared(tx, plan.clinicId, named);
  const errors = weeks.flatMap((w, i) =>
    w.bookIds.flatMap((id, j) => {
      const message = bookRefusal(id, books.get(id));
      return message ? [{ path: `weeks.${i}.bookIds.${j}`, message }] : [];
    }),
  );
  const [first] = errors;
  if (first) throw new AppError("unprocessable", first.message, errors);
  await tx.designPlanWeek.deleteMany({ where: { designPlanId: plan.id } });
  const rows = weeks.flatMap((w, i) =>
    w.bookIds.map((bookId, position) => ({ designPlanId: plan.id, week: i + 1, bookId, position })),
  );
  if (rows.length) await tx.designPlanWeek.createMany({ data: rows });
}
