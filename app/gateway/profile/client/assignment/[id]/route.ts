import { readOwnAssignment } from "@/lib/assignments/read-own-assignment";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/assignments";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readOwnAssignment, ({ scope, params, offset }) => readOwnAssignment(scope, params.id, offset)),
);
