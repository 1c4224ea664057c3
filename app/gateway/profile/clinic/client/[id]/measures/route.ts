import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/results";
import { readClientMeasures } from "@/lib/results/read-client-measures";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readClientMeasures, ({ scope, params, offset }) => readClientMeasures(scope, params.id, offset)),
);
