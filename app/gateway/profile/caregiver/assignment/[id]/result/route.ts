import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/results";
import { readAssignmentResult } from "@/lib/results/read-assignment-result";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readAssignmentResult, ({ scope, params, offset }) => readAssignmentResult(scope, params.id, offset)),
);
