import { autosaveAssignment } from "@/lib/assignments/autosave-assignment";
import { gateway, json } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { AutosaveRequest } from "@/lib/schemas/homework";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const PUT = gateway(
  { roles: ["CLIENT"], params: PathId, body: AutosaveRequest },
  async ({ scope, params, body, offset }) => json(await autosaveAssignment(scope, params.id, body, offset)),
);

export const { GET, POST, PATCH, DELETE } = notAllowed("PUT");
