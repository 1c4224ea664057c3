import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/sessions";
import { readSessionDetail } from "@/lib/sessions/read-session-detail";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readSession, ({ scope, params, offset }) => readSessionDetail(scope, params.id, offset)),
);
