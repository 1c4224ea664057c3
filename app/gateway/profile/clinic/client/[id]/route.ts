import { readClient } from "@/lib/clients/read-client";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/clients";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readClient, ({ scope, params, offset }) => readClient(scope, params.id, offset)),
);
