import { addHomework } from "@/lib/assignments/add-homework";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/scheduling";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.addHomework, ({ scope, body, offset }) => addHomework(scope, body, offset)),
);
