import { submitAssignment } from "@/lib/assignments/submit-assignment";
import { gateway, json } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { SubmitRequest } from "@/lib/schemas/homework";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const POST = gateway(
  { roles: ["CLIENT"], params: PathId, body: SubmitRequest },
  async ({ scope, params, body, offset }) => json(await submitAssignment(scope, params.id, body, offset)),
);

export const { GET, PUT, PATCH, DELETE } = notAllowed("POST");
