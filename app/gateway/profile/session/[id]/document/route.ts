import { createDocument } from "@/lib/documents/create-document";
import { gateway, json, route } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import { readIdempotencyKey } from "@/lib/gateway/idempotency-key";
import * as op from "@/lib/operations/documents";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.createDocument, async ({ req, scope, params, body, offset }) => {
    const created = await createDocument(scope, params.id, body, {
      offset,
      idempotencyKey: readIdempotencyKey(req),
    });
    return json(created.document, 201, { location: created.location });
  }),
  serveRead(reads.listDocuments),
);
