import { gateway, route } from "@/lib/gateway/handler";
import { listConversations } from "@/lib/messages/list-conversations";
import * as op from "@/lib/operations/messages";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listConversations, ({ scope, query, offset }) => listConversations(scope, query, offset)),
);
