import { listOwnHomeworkTiming } from "@/lib/assignments/list-own-homework-timing";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/assignments";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listOwnHomeworkTiming, ({ scope, query, offset }) =>
    listOwnHomeworkTiming(scope, { timeState: query["time-state"], page: query.page, size: query.size }, offset),
  ),
);
