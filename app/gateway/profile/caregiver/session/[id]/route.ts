import { gateway, json } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { readSessionDetail } from "@/lib/sessions/read-session-detail";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const GET = gateway({ roles: ["CAREGIVER", "CLINIC"], params: PathId }, async ({ scope, params, offset }) =>
  json(await readSessionDetail(scope, params.id, offset)),
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
