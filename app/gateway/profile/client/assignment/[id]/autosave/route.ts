import { autosaveAssignment } from "@/lib/assignments/autosave-assignment";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/assignments";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.autosaveAssignment, ({ scope, params, body, offset }) =>
    autosaveAssignment(scope, params.id, body, offset),
  ),
);
