import { listCaregivers } from "@/lib/catalog/list-caregivers";
import { gateway, json } from "@/lib/gateway/handler";
import { ClinicQuery } from "@/lib/schemas/catalog";
import { PageQuery } from "@/lib/schemas/common";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const GET = gateway(
  { roles: ["CLINIC", "INSTITUTE"], query: PageQuery.extend(ClinicQuery.shape) },
  async ({ scope, query }) => json(await listCaregivers(scope, query)),
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
