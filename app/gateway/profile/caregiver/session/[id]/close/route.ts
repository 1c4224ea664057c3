import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/sessions";
import { closeSession } from "@/lib/sessions/close-session";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.closeSession, ({ scope, params }) => closeSession(scope, params.id)),
);
