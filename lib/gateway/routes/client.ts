import "server-only";
import { autosaveAssignment } from "@/lib/assignments/autosave-assignment";
import { readOwnAssignment } from "@/lib/assignments/read-own-assignment";
import { submitAssignment } from "@/lib/assignments/submit-assignment";
import { type Bound, gateway } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import * as assignmentsOps from "@/lib/operations/assignments";

/** The operations at /gateway/profile/client/…, each bound to its lib function; lib/gateway/router.ts serves them. */
export const clientRoutes: Bound[] = [
  serveRead(reads.listOwnHomeworkTiming),
  gateway(assignmentsOps.autosaveAssignment, ({ scope, params, body, offset }) =>
    autosaveAssignment(scope, params.id, body, offset),
  ),
  gateway(assignmentsOps.readOwnAssignment, ({ scope, params, offset }) => readOwnAssignment(scope, params.id, offset)),
  gateway(assignmentsOps.submitAssignment, ({ scope, params, body, offset, statedOffset }) =>
    submitAssignment(scope, params.id, body, offset, statedOffset),
  ),
  serveRead(reads.listOwnAssignments),
  serveRead(reads.listOwnFinishedWork),
];
