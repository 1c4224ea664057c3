import { createDesignPlan } from "@/lib/authoring/create-design-plan";
import { listDesignPlans } from "@/lib/catalog/list-design-plans";
import { gateway, route } from "@/lib/gateway/handler";
import * as authoring from "@/lib/operations/authoring";
import * as op from "@/lib/operations/catalog";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listDesignPlans, ({ scope, query }) => listDesignPlans(scope, query)),
  gateway(authoring.createDesignPlan, ({ scope, body }) => createDesignPlan(scope, body)),
);
