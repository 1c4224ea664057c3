import { giveAssignmentFeedback } from "@/lib/assignments/give-assignment-feedback";
import { gateway, json } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { AssignmentFeedbackRequest } from "@/lib/schemas/homework";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const POST = gateway(
  { roles: ["CAREGIVER"], params: PathId, body: AssignmentFeedbackRequest },
  async ({ scope, params, body, offset }) => json(await giveAssignmentFeedback(scope, params.id, body, offset), 201),
);

export const { GET, PUT, PATCH, DELETE } = notAllowed("POST");
