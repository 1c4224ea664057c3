import { createClient } from "@/lib/clients/create-client";
import { gateway, route } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import { readIdempotencyKey } from "@/lib/gateway/idempotency-key";
import * as op from "@/lib/operations/clients";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.createClient, async ({ req, scope, body, offset }) => {
    const created = await createClient(scope, body, { offset, idempotencyKey: readIdempotencyKey(req) });
    return new Response(null, { status: 201, headers: { location: created.location, "content-length": "0" } });
  }),
  serveRead(reads.listClients),
);
