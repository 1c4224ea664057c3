import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/sessions";
import { listSessions } from "@/lib/sessions/list-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listSessions, ({ scope, query, offset }) => listSessions(scope, query, offset)),
);
