import { listCareTeamClients } from "@/lib/clients/list-care-team-clients";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/clients";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listCareTeamClients, ({ scope, query }) => listCareTeamClients(scope, query)),
);
