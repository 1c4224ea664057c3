import { listDesignPlans } from "@/lib/catalog/list-design-plans";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/catalog";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listDesignPlans, ({ scope, query }) => listDesignPlans(scope, query)),
);
