import { listCareTeamClients } from "@/lib/clients/list-care-team-clients";
import { gateway, json } from "@/lib/gateway/handler";
import { notAllowed } from "@/lib/gateway/not-allowed";
import { PageQuery } from "@/lib/schemas/common";

export const GET = gateway({ roles: ["CAREGIVER"], query: PageQuery }, async ({ scope, query }) =>
  json(await listCareTeamClients(scope, query)),
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
