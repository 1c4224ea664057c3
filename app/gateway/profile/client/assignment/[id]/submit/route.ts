import { submitAssignment } from "@/lib/assignments/submit-assignment";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/assignments";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.submitAssignment, ({ scope, params, body, offset }) => submitAssignment(scope, params.id, body, offset)),
);
