import "server-only";
import type { z } from "zod";
import type { AuthorScope } from "@/lib/authoring/catalog-scope";
import { writePlanWeeks } from "@/lib/authoring/plan-weeks";
import { readDesignPlan } from "@/lib/authoring/read-design-plan";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { db } from "@/lib/db/prisma";
import type { DesignPlanCreateRequest, DesignPlanDetailT } from "@/lib/schemas/authoring";

/** A new design plan of the caller's clinic with its weeks, in one transaction. */
export async function createDesignPlan(
  scope: AuthorScope,
  input: z.output<typeof DesignPlanCreateRequest>,
): Promise<DesignPlanDetailT> {
  const clinicId = await resolveClinic(scope, input.clinicId);
  const id = await db().$transaction(async (tx) => {
    const plan = await tx.designPlan.create({
      data: { clinicId, name: input.name, description: input.description },
      select: { id: true, clinicId: true },
    });
    await writePlanWeeks(tx, plan, input.weeks);
    return plan.id;
  });
  return readDesignPlan(scope, id);
}
