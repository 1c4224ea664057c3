import { listOwnAssignments } from "@/lib/assignments/list-own-assignments";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/assignments";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listOwnAssignments, ({ scope, query, offset }) =>
    listOwnAssignments(scope, { timeState: query["time-state"], page: query.page, size: query.size }, offset),
  ),
);
