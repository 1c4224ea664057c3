import { listFeedbackDue } from "@/lib/assignments/list-feedback-due";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/assignments";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listFeedbackDue, ({ scope, query, offset }) => listFeedbackDue(scope, query, offset)),
);
