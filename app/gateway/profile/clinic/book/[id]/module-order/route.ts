import { reorderModules } from "@/lib/authoring/reorder-modules";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/authoring";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.reorderModules, ({ scope, params, body }) => reorderModules(scope, params.id, body.moduleIds)),
);
