import { gateway, json } from "@/lib/gateway/handler";
import { PageQuery } from "@/lib/schemas/common";
import { SessionListQuery } from "@/lib/schemas/session";
import { listSessions } from "@/lib/sessions/list-sessions";

export const GET = gateway({ roles: ["CAREGIVER", "CLINIC"], query: PageQuery.extend(SessionListQuery.shape) }, async ({ scope, query, offset }) =>
  json(await listSessions(scope, query, offset)),
);
