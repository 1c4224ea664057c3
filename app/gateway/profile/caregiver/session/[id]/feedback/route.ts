import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/sessions";
import { giveSessionFeedback } from "@/lib/sessions/give-session-feedback";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.giveSessionFeedback, ({ scope, params, body, offset }) =>
    giveSessionFeedback(scope, params.id, body.text, offset),
  ),
);
