import { readHomeworkTiming } from "@/lib/assignments/read-homework-timing";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/scheduling";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readHomeworkTiming, ({ scope, params, offset }) => readHomeworkTiming(scope, params.id, offset)),
);
