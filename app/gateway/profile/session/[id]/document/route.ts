import { createDocument } from "@/lib/documents/create-document";
import { listDocuments } from "@/lib/documents/list-documents";
import { gateway, json, route } from "@/lib/gateway/handler";
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
  gateway(op.listDocuments, ({ scope, params, query, offset }) => listDocuments(scope, params.id, query, offset)),
);
