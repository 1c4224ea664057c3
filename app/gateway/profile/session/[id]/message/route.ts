import { gateway, json, route } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import { readIdempotencyKey } from "@/lib/gateway/idempotency-key";
import { postMessage } from "@/lib/messages/post-message";
import * as op from "@/lib/operations/messages";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  serveRead(reads.listMessages),
  gateway(op.postMessage, async ({ req, scope, params, body, offset }) => {
    const done = await postMessage(scope, params.id, body.text, { offset, idempotencyKey: readIdempotencyKey(req) });
    return json(done.value, 201, { location: done.location });
  }),
);
