import { updateClient } from "@/lib/clients/update-client";
import { gateway, route } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import * as op from "@/lib/operations/clients";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  serveRead(reads.readClient),
  gateway(op.updateClient, ({ scope, params, body, offset }) => updateClient(scope, params.id, body, offset)),
);
