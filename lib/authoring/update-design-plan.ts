import "server-only";
import type { z } from "zod";
import { catalogClinicsWhere, type AuthorScope } from "@/lib/authoring/catalog-scope";
import { lockDesignPlan } from "@/lib/authoring/lock-rows";
import { writePlanWeeks } from "@/lib/authoring/plan-weeks";
import { readDesignPlan } from "@/lib/authoring/read-design-plan";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import type { DesignPlanDetailT, DesignPlanUpdateRequest } from "@/lib/schemas/authoring";

/**
 * Changes a design plan: the fields sent; `weeks`, when sent, replaces the whole program. Sessions
 * already scheduled keep their homework: the plan is read when sessions are scheduled.
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
  const weeks = input.weeks;
  await db().$transaction(async (tx) => {
    if (!(await lockDesignPlan(tx, id))) throw notFound("design plan");
    await tx.designPlan.update({
      where: { id },
      data: { name: input.name, nameFr: input.nameFr, description: input.description },
    });
    if (weeks) await writePlanWeeks(tx, plan, weeks);
  });
  return readDesignPlan(scope, id);
}
