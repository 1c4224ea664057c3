import "server-only";
import type { z } from "zod";
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { listFeedbackDue } from "@/lib/assignments/list-feedback-due";
import { listOwnAssignments, type OwnAssignmentFilter } from "@/lib/assignments/list-own-assignments";
import { listOwnFinishedWork } from "@/lib/assignments/list-own-finished-work";
import { listOwnHomeworkTiming } from "@/lib/assignments/list-own-homework-timing";
import { readHomeworkTiming } from "@/lib/assignments/read-homework-timing";
import { listBooks } from "@/lib/catalog/list-books";
import { listCaregivers } from "@/lib/catalog/list-caregivers";
import { listDesignPlans } from "@/lib/catalog/list-design-plans";
import { listClients } from "@/lib/clients/list-clients";
import { readClient } from "@/lib/clients/read-client";
import { listDocuments } from "@/lib/documents/list-documents";
import { gateway, type Context, type Result } from "@/lib/gateway/handler";
import { countUnread } from "@/lib/messages/count-unread";
import { listConversations } from "@/lib/messages/list-conversations";
import { listMessages } from "@/lib/messages/list-messages";
import * as assignmentOps from "@/lib/operations/assignments";
import * as catalogOps from "@/lib/operations/catalog";
import * as clientOps from "@/lib/operations/clients";
import type { Operation } from "@/lib/operations/define";
import * as documentOps from "@/lib/operations/documents";
import * as messageOps from "@/lib/operations/messages";
import * as resultOps from "@/lib/operations/results";
import * as schedulingOps from "@/lib/operations/scheduling";
import * as sessionOps from "@/lib/operations/sessions";
import { readAssignmentResult } from "@/lib/results/read-assignment-result";
import { listAlertsToReview } from "@/lib/results/list-alerts-to-review";
import { readClientMeasures } from "@/lib/results/read-client-measures";
import type { OwnAssignmentQuery } from "@/lib/schemas/own-assignment";
import { listSessions } from "@/lib/sessions/list-sessions";
import { readSessionDetail } from "@/lib/sessions/read-session-detail";

// The gateway's reads that pages also make while the server renders them (lib/pages/reads.ts):
// each operation is bound to the lib function answering it once, here, and both the gateway's route (lib/gateway/routes) and
// the page read use that binding.

/** What a read gets, as the gateway's handler gets it (a read has no body). */
export type ReadContext<O extends Operation> = Pick<Context<O>, "scope" | "params" | "query" | "offset">;

/** A read operation and the function that answers it. */
export type Read<O extends Operation> = { op: O; run: (ctx: ReadContext<O>) => Promise<Result<O>> };

const read = <const O extends Operation>(op: O, run: Read<O>["run"]): Read<O> => ({ op, run });

/** A read bound as the gateway serves it. */
export const serveRead = <const O extends Operation>(r: Read<O>) => gateway(r.op, r.run);

/** The client's own list's query, as its lib functions take it. */
const ownAssignments = (q: z.output<typeof OwnAssignmentQuery>): OwnAssignmentFilter => ({
  timeState: q["time-state"],
  statuses: q.status,
  page: q.page,
  size: q.size,
});

export const reads = {
  listClients: read(clientOps.listClients, ({ scope, query, offset }) => listClients(scope, query, offset)),
  readClient: read(clientOps.readClient, ({ scope, params, offset }) => readClient(scope, params.id, offset)),
  readClientMeasures: read(resultOps.readClientMeasures, ({ scope, params, offset }) =>
    readClientMeasures(scope, params.id, offset),
  ),
  listCaregivers: read(catalogOps.listCaregivers, ({ scope, query }) => listCaregivers(scope, query)),
  listDesignPlans: read(catalogOps.listDesignPlans, ({ scope, query }) => listDesignPlans(scope, query)),
  listBooks: read(catalogOps.listBooks, ({ scope, query }) => listBooks(scope, query)),
  listAuditLog: read(catalogOps.listAuditLog, ({ scope, query, offset }) => listAuditLog(scope, query, offset)),
  listSessions: read(sessionOps.listSessions, ({ scope, query, offset }) => listSessions(scope, query, offset)),
  listFeedbackDue: read(assignmentOps.listFeedbackDue, ({ scope, query, offset }) =>
    listFeedbackDue(scope, query, offset),
  ),
  listAlertsToReview: read(resultOps.listAlertsToReview, ({ scope, query, offset }) =>
    listAlertsToReview(scope, query, offset),
  ),
  readSession: read(sessionOps.readSession, ({ scope, params, offset }) => readSessionDetail(scope, params.id, offset)),
  readAssignmentResult: read(resultOps.readAssignmentResult, ({ scope, params, offset }) =>
    readAssignmentResult(scope, params.id, offset),
  ),
  readHomeworkTiming: read(schedulingOps.readHomeworkTiming, ({ scope, params, offset }) =>
    readHomeworkTiming(scope, params.id, offset),
  ),
  listMessages: read(messageOps.listMessages, ({ scope, params, query, offset }) =>
    listMessages(scope, params.id, query, offset),
  ),
  listDocuments: read(documentOps.listDocuments, ({ scope, params, query, offset }) =>
    listDocuments(scope, params.id, query, offset),
  ),
  listConversations: read(messageOps.listConversations, ({ scope, query, offset }) =>
    listConversations(scope, query, offset),
  ),
  countUnreadMessages: read(messageOps.countUnreadMessages, ({ scope }) => countUnread(scope)),
  listOwnAssignments: read(assignmentOps.listOwnAssignments, ({ scope, query, offset }) =>
    listOwnAssignments(scope, ownAssignments(query), offset),
  ),
  listOwnFinishedWork: read(assignmentOps.listOwnFinishedWork, ({ scope, query, offset }) =>
    listOwnFinishedWork(scope, query, offset),
  ),
  listOwnHomeworkTiming: read(assignmentOps.listOwnHomeworkTiming, ({ scope, query, offset }) =>
    listOwnHomeworkTiming(scope, ownAssignments(query), offset),
  ),
};
