import { gateway, json } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { closeSession } from "@/lib/sessions/close-session";

export const POST = gateway({ roles: ["CAREGIVER"], params: PathId }, async ({ scope, params }) => json(await closeSession(scope, params.id)));
