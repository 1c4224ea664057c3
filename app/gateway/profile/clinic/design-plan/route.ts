import { createDesignPlan } from "@/lib/authoring/create-design-plan";
import { gateway, route } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import * as authoring from "@/lib/operations/authoring";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  serveRead(reads.listDesignPlans),
  gateway(authoring.createDesignPlan, ({ scope, body }) => createDesignPlan(scope, body)),
);
