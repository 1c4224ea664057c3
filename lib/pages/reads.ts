import "server-only";
import { listOwnAssignments } from "@/lib/assignments/list-own-assignments";
import { listOwnHomeworkTiming } from "@/lib/assignments/list-own-homework-timing";
import { readHomeworkTiming } from "@/lib/assignments/read-homework-timing";
import { documentQueries } from "@/lib/api-client/documents";
import { conversationQueries } from "@/lib/api-client/messages";
import { keys } from "@/lib/api-client/keys";
import { queries } from "@/lib/api-client/queries";
import { listBooks } from "@/lib/catalog/list-books";
import { listCaregivers } from "@/lib/catalog/list-caregivers";
import { listDesignPlans } from "@/lib/catalog/list-design-plans";
import { listClients } from "@/lib/clients/list-clients";
import { readClient } from "@/lib/clients/read-client";
import { listDocuments } from "@/lib/documents/list-documents";
import { listConversations } from "@/lib/messages/list-conversations";
import { listMessages } from "@/lib/messages/list-messages";
import * as assignmentOps from "@/lib/operations/assignments";
import * as catalogOps from "@/lib/operations/catalog";
import * as clientOps from "@/lib/operations/clients";
import * as documentOps from "@/lib/operations/documents";
import * as messageOps from "@/lib/operations/messages";
import * as resultOps from "@/lib/operations/results";
import * as schedulingOps from "@/lib/operations/scheduling";
import * as sessionOps from "@/lib/operations/sessions";
import { readAssignmentResult } from "@/lib/results/read-assignment-result";
import { readClientMeasures } from "@/lib/results/read-client-measures";
import { readSessionDetail } from "@/lib/sessions/read-session-detail";
import { everyPageRead, gatewayRead, type PageRead, type ReadContext } from "./prefetch";

// The reads of the pages' first data (prefetch.ts), one per query the pages' components ask first,
// each with the query string its component sends (lib/api-client/queries.ts and paths.ts).

/** The query string of a list read a hundred at a time, as `allPages` (queries.ts) asks for it. */
const everyHundred = (page: number) => ({ query: { page, size: 100 } });

export const pageReads = {
  /** The client list's first page, no search (components/clinic/client-list.tsx). */
  clients: () =>
    gatewayRead(
      queries.clients({ search: "", page: 0 }),
      clientOps.listClients,
      { query: { page: 0, size: 10 } },
      ({ scope, query, offset }) => listClients(scope, query, offset),
    ),
  client: (id: number) =>
    gatewayRead(queries.client(id), clientOps.readClient, { params: { id } }, ({ scope, params, offset }) =>
      readClient(scope, params.id, offset),
    ),
  clientMeasures: (id: number) =>
    gatewayRead(queries.clientMeasures(id), resultOps.readClientMeasures, { params: { id } }, (c) =>
      readClientMeasures(c.scope, c.params.id, c.offset),
    ),
  /** What the new-client form offers: every care provider, design plan and book. */
  caregivers: () =>
    everyPageRead(queries.caregivers(), catalogOps.listCaregivers, everyHundred, ({ scope, query }) =>
      listCaregivers(scope, query),
    ),
  designPlans: () =>
    everyPageRead(queries.designPlans(), catalogOps.listDesignPlans, everyHundred, ({ scope, query }) =>
      listDesignPlans(scope, query),
    ),
  books: () =>
    everyPageRead(queries.books(), catalogOps.listBooks, everyHundred, ({ scope, query }) => listBooks(scope, query)),
  /** The session with the results of its submitted tests (the dashboard's scores). */
  session: (id: number): PageRead =>
    gatewayRead(
      queries.session(id),
      sessionOps.readSession,
      { params: { id } },
      ({ scope, params, offset }) => readSessionDetail(scope, params.id, offset),
      {
        then: (s) =>
          (s as { assignments: { id: number; isTest: boolean; status: string }[] }).assignments
            .filter((a) => a.isTest && a.status === "COMPLETE")
            .map((a) => pageReads.assignmentResult(a.id)),
      },
    ),
  assignmentResult: (id: number) =>
    gatewayRead(queries.assignmentResult(id), resultOps.readAssignmentResult, { params: { id } }, (c) =>
      readAssignmentResult(c.scope, c.params.id, c.offset),
    ),
  homeworkTiming: (sessionId: number) =>
    gatewayRead(
      queries.homeworkTiming(sessionId),
      schedulingOps.readHomeworkTiming,
      { params: { id: sessionId } },
      ({ scope, params, offset }) => readHomeworkTiming(scope, params.id, offset),
    ),
  /** A session's whole conversation (lib/api-client/messages.ts, useConversation); reading it marks it read. */
  conversation: (sessionId: number) =>
    everyPageRead(
      { queryKey: keys.messages.conversation(sessionId) },
      messageOps.listMessages,
      (page) => ({ params: { id: sessionId }, query: { page, size: 100 } }),
      ({ scope, params, query, offset }) => listMessages(scope, params.id, query, offset),
    ),
  documents: (sessionId: number) =>
    everyPageRead(
      documentQueries.list(sessionId),
      documentOps.listDocuments,
      (page) => ({ params: { id: sessionId }, query: { page, size: 100 } }),
      ({ scope, params, query, offset }) => listDocuments(scope, params.id, query, offset),
    ),
  /** The caller's conversations, or those with unread messages (the unread badge). */
  conversations: (unread: boolean) =>
    gatewayRead(
      conversationQueries.list(unread ? { unread: true, page: 0, size: 100 } : { page: 0, size: 100 }),
      messageOps.listConversations,
      { query: { page: 0, size: 100, unread: unread ? "true" : undefined } },
      ({ scope, query, offset }) => listConversations(scope, query, offset),
    ),
  /** The client's own homework of running or finished sessions, every page. */
  ownAssignments: (timeState: "RUNNING" | "COMPLETED") =>
    everyPageRead(
      queries.ownAssignments(timeState),
      assignmentOps.listOwnAssignments,
      (page) => ({ query: { "time-state": timeState, page, size: 100 } }),
      ownAssignmentsOf,
    ),
  /** When the client's homework of running sessions is due (the cards' due moments). */
  ownHomeworkTiming: () =>
    everyPageRead(
      queries.ownHomeworkTiming("RUNNING"),
      assignmentOps.listOwnHomeworkTiming,
      (page) => ({ query: { "time-state": "RUNNING", page, size: 100 } }),
      ({ scope, query, offset }) =>
        listOwnHomeworkTiming(scope, { timeState: query["time-state"], page: query.page, size: query.size }, offset),
    ),
  /** The first homework of the client's next session, or null. */
  nextSessionHomework: () =>
    gatewayRead(
      queries.nextSessionHomework(),
      assignmentOps.listOwnAssignments,
      { query: { "time-state": "FUTURE", page: 0, size: 1 } },
      ownAssignmentsOf,
      { select: (page) => (page as { content: unknown[] }).content[0] ?? null },
    ),
};

const ownAssignmentsOf = ({ scope, query, offset }: ReadContext<typeof assignmentOps.listOwnAssignments>) =>
  listOwnAssignments(scope, { timeState: query["time-state"], page: query.page, size: query.size }, offset);
