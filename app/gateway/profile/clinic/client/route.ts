import { createClient } from "@/lib/clients/create-client";
import { listClients } from "@/lib/clients/list-clients";
import { gateway, json } from "@/lib/gateway/handler";
import { readIdempotencyKey } from "@/lib/gateway/idempotency-key";
import { ClientCreateRequest, ClientListQuery } from "@/lib/schemas/client";
import { PageQuery } from "@/lib/schemas/common";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const POST = gateway(
  { roles: ["CLINIC", "INSTITUTE"], body: ClientCreateRequest },
  async ({ req, scope, body, offset }) => {
    const created = await createClient(scope, body, { offset, idempotencyKey: readIdempotencyKey(req) });
    return new Response(null, { status: 201, headers: { location: created.location, "content-length": "0" } });
  },
);

export const GET = gateway(
  { roles: ["CLINIC", "INSTITUTE"], query: PageQuery.extend(ClientListQuery.shape) },
  async ({ scope, query, offset }) => json(await listClients(scope, query, offset)),
);

export const { PUT, PATCH, DELETE } = notAllowed("POST", "GET");
