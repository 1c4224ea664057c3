import { readDesignPlan } from "@/lib/authoring/read-design-plan";
import { updateDesignPlan } from "@/lib/authoring/update-design-plan";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/authoring";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readDesignPlan, ({ scope, params }) => readDesignPlan(scope, params.id)),
  gateway(op.updateDesignPlan, ({ scope, params, body }) => updateDesignPlan(scope, params.id, body)),
);
