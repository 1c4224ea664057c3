import { giveAssignmentFeedback } from "@/lib/assignments/give-assignment-feedback";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/assignments";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.giveAssignmentFeedback, ({ scope, params, body, offset }) =>
    giveAssignmentFeedback(scope, params.id, body, offset),
  ),
);
