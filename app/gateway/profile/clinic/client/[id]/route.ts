import { readClient } from "@/lib/clients/read-client";
import { gateway, json } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const GET = gateway(
  { roles: ["CLINIC", "INSTITUTE", "CAREGIVER"], params: PathId },
  async ({ scope, params, offset }) => json(await readClient(scope, params.id, offset)),
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
