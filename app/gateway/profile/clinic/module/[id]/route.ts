import { readModule } from "@/lib/authoring/read-module";
import { removeModule } from "@/lib/authoring/remove-module";
import { updateModule } from "@/lib/authoring/update-module";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/authoring";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readModule, ({ scope, params }) => readModule(scope, params.id)),
  gateway(op.updateModule, ({ scope, params, body }) => updateModule(scope, params.id, body)),
  gateway(op.removeModule, ({ scope, params }) => removeModule(scope, params.id)),
);
