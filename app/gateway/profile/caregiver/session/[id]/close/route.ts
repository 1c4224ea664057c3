import { gateway, json } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { closeSession } from "@/lib/sessions/close-session";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const POST = gateway({ roles: ["CAREGIVER"], params: PathId }, async ({ scope, params }) =>
  json(await closeSession(scope, params.id)),
);

export const { GET, PUT, PATCH, DELETE } = notAllowed("POST");
