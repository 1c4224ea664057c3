import { createModule } from "@/lib/authoring/create-module";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/authoring";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.createModule, ({ scope, params, body }) => createModule(scope, params.id, body)),
);
