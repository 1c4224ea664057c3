import { listFeedbackDue } from "@/lib/assignments/list-feedback-due";
import { gateway, json } from "@/lib/gateway/handler";
import { PageQuery } from "@/lib/schemas/common";
import { notAllowed } from "@/lib/gateway/not-allowed";

/** Assignments waiting for the caller's feedback, oldest submission first. */
export const GET = gateway({ roles: ["CAREGIVER"], query: PageQuery }, async ({ scope, query, offset }) =>
  json(await listFeedbackDue(scope, query, offset)),
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
