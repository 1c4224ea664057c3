import { gateway, json } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { SessionFeedbackRequest } from "@/lib/schemas/homework";
import { giveSessionFeedback } from "@/lib/sessions/give-session-feedback";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const POST = gateway(
  { roles: ["CAREGIVER"], params: PathId, body: SessionFeedbackRequest },
  async ({ scope, params, body, offset }) => json(await giveSessionFeedback(scope, params.id, body.text, offset), 201),
);

export const { GET, PUT, PATCH, DELETE } = notAllowed("POST");
