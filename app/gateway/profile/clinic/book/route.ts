import { listBooks } from "@/lib/catalog/list-books";
import { gateway, json } from "@/lib/gateway/handler";
import { ClinicQuery } from "@/lib/schemas/catalog";
import { PageQuery } from "@/lib/schemas/common";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const GET = gateway(
  { roles: ["CLINIC", "INSTITUTE", "CAREGIVER"], query: PageQuery.extend(ClinicQuery.shape) },
  async ({ scope, query }) => json(await listBooks(scope, query)),
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
