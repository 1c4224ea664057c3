import { listAuditLog } from "@/lib/audit/list-audit-log";
import { gateway, json } from "@/lib/gateway/handler";
import { ClinicQuery } from "@/lib/schemas/catalog";
import { PageQuery } from "@/lib/schemas/common";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const GET = gateway(
  { roles: ["CLINIC", "INSTITUTE"], query: PageQuery.extend(ClinicQuery.shape) },
  async ({ scope, query, offset }) => json(await listAuditLog(scope, query, offset)),
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
