import "server-only";
import { addHomework } from "@/lib/assignments/add-homework";
import { giveAssignmentFeedback } from "@/lib/assignments/give-assignment-feedback";
import { listCareTeamClients } from "@/lib/clients/list-care-team-clients";
import { type Bound, created, gateway } from "@/lib/gateway/handler";
import { readIdempotencyKey } from "@/lib/gateway/idempotency-key";
import { reads, serveRead } from "@/lib/gateway/reads";
import * as assignmentsOps from "@/lib/operations/assignments";
import * as clientsOps from "@/lib/operations/clients";
import * as resultsOps from "@/lib/operations/results";
import * as schedulingOps from "@/lib/operations/scheduling";
import * as sessionsOps from "@/lib/operations/sessions";
import { reviewAssignmentAlert } from "@/lib/results/review-assignment-alert";
import { closeSession } from "@/lib/sessions/close-session";
import { giveSessionFeedback } from "@/lib/sessions/give-session-feedback";
import { scheduleSessions as schedule } from "@/lib/sessions/schedule-sessions";

/** The operations at /gateway/profile/caregiver/…, each bound to its lib function; lib/gateway/router.ts serves them. */
export const caregiverRoutes: Bound[] = [
  gateway(assignmentsOps.giveAssignmentFeedback, ({ scope, params, body, offset }) =>
    giveAssignmentFeedback(scope, params.id, body, offset),
  ),
  serveRead(reads.readAssignmentResult),
  gateway(resultsOps.reviewAssignmentAlert, ({ scope, params, query, offset }) =>
    reviewAssignmentAlert(scope, params.id, query, offset),
  ),
  serveRead(reads.listAlertsToReview),
  serveRead(reads.listFeedbackDue),
  gateway(clientsOps.listCareTeamClients, ({ scope, query }) => listCareTeamClients(scope, query)),
  serveRead(reads.readHomeworkTiming),
  gateway(sessionsOps.closeSession, ({ scope, params }) => closeSession(scope, params.id)),
  gateway(sessionsOps.giveSessionFeedback, ({ req, scope, params, body, offset }) =>
    giveSessionFeedback(scope, params.id, body.text, { offset, idempotencyKey: readIdempotencyKey(req) }),
  ),
  serveRead(reads.readSession),
  gateway(schedulingOps.addHomework, ({ req, scope, body, offset, timeZone }) =>
    addHomework(scope, body, { offset, timeZone, idempotencyKey: readIdempotencyKey(req) }),
  ),
  serveRead(reads.listSessions),
  gateway(schedulingOps.scheduleSessions, async ({ req, scope, body, offset, timeZone }) => {
    const done = await schedule(scope, body, { offset, timeZone, idempotencyKey: readIdempotencyKey(req) });
    return created(done);
  }),
];
