import "server-only";
import { attachmentHeader } from "@/lib/documents/attachment-header";
import { createDocument } from "@/lib/documents/create-document";
import { readDocument } from "@/lib/documents/read-document";
import { type Bound, created, gateway } from "@/lib/gateway/handler";
import { readIdempotencyKey } from "@/lib/gateway/idempotency-key";
import { reads, serveRead } from "@/lib/gateway/reads";
import { postMessage } from "@/lib/messages/post-message";
import * as documentsOps from "@/lib/operations/documents";
import * as messagesOps from "@/lib/operations/messages";

/** The operations at /gateway/profile/session/…, each bound to its lib function; lib/gateway/router.ts serves them. */
export const sessionRoutes: Bound[] = [
  gateway(documentsOps.readDocument, async ({ scope, params }) => {
    const doc = await readDocument(scope, params.id, params.documentId);
    return new Response(Buffer.from(doc.bytes), {
      headers: {
        "content-type": doc.type,
        "content-disposition": attachmentHeader(doc.name),
        "x-content-type-options": "nosniff",
      },
    });
  }),
  gateway(documentsOps.createDocument, async ({ req, scope, params, body, offset }) => {
    const { document, location } = await createDocument(scope, params.id, body, {
      offset,
      idempotencyKey: readIdempotencyKey(req),
    });
    return created({ value: document, location });
  }),
  serveRead(reads.listDocuments),
  serveRead(reads.listMessages),
  gateway(messagesOps.postMessage, async ({ req, scope, params, body, offset }) => {
    const done = await postMessage(scope, params.id, body.text, { offset, idempotencyKey: readIdempotencyKey(req) });
    return created(done);
  }),
];
