import { listCaregivers } from "@/lib/catalog/list-caregivers";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/catalog";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listCaregivers, ({ scope, query }) => listCaregivers(scope, query)),
);
