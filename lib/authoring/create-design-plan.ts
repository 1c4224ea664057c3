import "server-only";
import type { z } from "zod";
import type { AuthorScope } from "@/lib/authoring/catalog-scope";
import { withNameInUse } from "@/lib/authoring/name-in-use";
import { writePlanWeeks } from "@/lib/authoring/plan-weeks";
import { readDesignPlan } from "@/lib/authoring/read-design-plan";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { replayId, runIdempotent } from "@/lib/idempotency/run-idempotent";
import type { DesignPlanCreateRequest, DesignPlanDetailT } from "@/lib/schemas/authoring";

/**
 * A new design plan of the caller's clinic with its weeks, in one transaction, under the caller's
 * optional Idempotency-Key: a retry answers the plan the first request made.
 */
export async function createDesignPlan(
  scope: AuthorScope,
  input: z.output<typeof DesignPlanCreateRequest>,
  idempotencyKey: string | null,
): Promise<{ location: string; value: DesignPlanDetailT }> {
  const clinicId = await resolveClinic(scope, input.clinicId);
  const { value: id, location } = await runIdempotent(
    scope.accountId,
    idempotencyKey,
    { operation: "createDesignPlan", body: input },
    {
      create: async (tx) => {
        const plan = await withNameInUse("design plan", input, () =>
          tx.designPlan.create({
            data: { clinicId, name: input.name, nameFr: input.nameFr, description: input.description },
            select: { id: true, clinicId: true },
          }),
        );
        await writePlanWeeks(tx, plan, input.weeks);
        return { location: `/gateway/profile/clinic/design-plan/${plan.id}`, value: plan.id };
      },
      replay: replayId,
    },
  );
  return { location, value: await readDesignPlan(scope, id) };
}
