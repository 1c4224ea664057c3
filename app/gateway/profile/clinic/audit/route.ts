import { listAuditLog } from "@/lib/audit/list-audit-log";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/catalog";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listAuditLog, ({ scope, query, offset }) => listAuditLog(scope, query, offset)),
);
