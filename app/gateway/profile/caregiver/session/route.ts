import { gateway, json, route } from "@/lib/gateway/handler";
import { readIdempotencyKey } from "@/lib/gateway/idempotency-key";
import * as op from "@/lib/operations/sessions";
import { scheduleSessions } from "@/lib/operations/scheduling";
import { listSessions } from "@/lib/sessions/list-sessions";
import { scheduleSessions as schedule } from "@/lib/sessions/schedule-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listSessions, ({ scope, query, offset }) => listSessions(scope, query, offset)),
  gateway(scheduleSessions, async ({ req, scope, body, offset }) => {
    const done = await schedule(scope, body, { offset, idempotencyKey: readIdempotencyKey(req) });
    return json(done.value, 201, { location: done.location });
  }),
);
