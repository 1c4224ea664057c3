import { gateway, json } from "@/lib/gateway/handler";
import { PageQuery } from "@/lib/schemas/common";
import { SessionListQuery } from "@/lib/schemas/session";
import { listSessions } from "@/lib/sessions/list-sessions";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const GET = gateway(
  { roles: ["CAREGIVER", "CLINIC"], query: PageQuery.extend(SessionListQuery.shape) },
  async ({ scope, query, offset }) => json(await listSessions(scope, query, offset)),
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
