import { readClient } from "@/lib/clients/read-client";
import { updateClient } from "@/lib/clients/update-client";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/clients";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readClient, ({ scope, params, offset }) => readClient(scope, params.id, offset)),
  gateway(op.updateClient, ({ scope, params, body, offset }) => updateClient(scope, params.id, body, offset)),
);
