import { attachmentHeader } from "@/lib/documents/attachment-header";
import { readDocument } from "@/lib/documents/read-document";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/documents";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readDocument, async ({ scope, params }) => {
    const doc = await readDocument(scope, params.id, params.documentId);
    return new Response(Buffer.from(doc.bytes), {
      headers: {
        "content-type": doc.type,
        "content-disposition": attachmentHeader(doc.name),
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  }),
);
