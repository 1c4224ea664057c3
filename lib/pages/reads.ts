import "server-only";
import { documentQueries } from "@/lib/api-client/documents";
import {
  conversationListQuery,
  conversationQueries,
  LATEST_QUERY,
  latestOf,
  type MessageT,
} from "@/lib/api-client/messages";
import { keys, type ConversationListParams } from "@/lib/api-client/keys";
import {
  ALERTS_FIRST,
  AUDIT_PAGE,
  FINISHED_FIRST,
  OPEN_WORK,
  SESSIONS_PAGE,
  WORKLIST_FIRST,
  queries,
} from "@/lib/api-client/queries";
import { reads } from "@/lib/gateway/reads";
import type { Page } from "@/lib/paging";
import { everyPageRead, gatewayRead, type PageRead } from "./prefetch";

// The reads of the pages' first data (prefetch.ts), one per query the pages' components ask first,
// each with the query string its component sends (lib/api-client/queries.ts and paths.ts).

/** The query string of a list read a hundred at a time, as `allPages` (queries.ts) asks for it. */
const everyHundred = (page: number) => ({ query: { page, size: 100 } });

/** A list of the caller's conversations, with the query string its component sends. */
const conversationList = (p: ConversationListParams) =>
  gatewayRead(conversationQueries.list(p), reads.listConversations, { query: conversationListQuery(p) });

export const pageReads = {
  /** The client list's first page, no search (components/clinic/client-list.tsx). */
  clients: () =>
    gatewayRead(queries.clients({ search: "", page: 0 }), reads.listClients, { query: { page: 0, size: 10 } }),
  client: (id: number) => gatewayRead(queries.client(id), reads.readClient, { params: { id } }),
  /** The audit log's first page, of one client or reader if asked (components/clinic/audit-log.tsx). */
  auditLog: (filter: { clientId?: number; accountId?: number }) =>
    gatewayRead(queries.auditLog({ ...filter, page: 0 }), reads.listAuditLog, {
      query: { ...filter, page: 0, size: AUDIT_PAGE },
    }),
  clientMeasures: (id: number) => gatewayRead(queries.clientMeasures(id), reads.readClientMeasures, { params: { id } }),
  /** What the new-client form offers: every care provider, design plan and book. */
  caregivers: () => everyPageRead(queries.caregivers(), reads.listCaregivers, everyHundred),
  designPlans: () => everyPageRead(queries.designPlans(), reads.listDesignPlans, everyHundred),
  books: () => everyPageRead(queries.books(), reads.listBooks, everyHundred),
  /** The session with the results of its submitted tests (the dashboard's scores). */
  session: (id: number): PageRead =>
    gatewayRead(
      queries.session(id),
      reads.readSession,
      { params: { id } },
      {
        then: (s) =>
          (s as { assignments: { id: number; isTest: boolean; status: string }[] }).assignments
            .filter((a) => a.isTest && a.status === "COMPLETE")
            .map((a) => pageReads.assignmentResult(a.id)),
      },
    ),
  assignmentResult: (id: number) =>
    gatewayRead(queries.assignmentResult(id), reads.readAssignmentResult, { params: { id } }),
  homeworkTiming: (sessionId: number) =>
    gatewayRead(queries.homeworkTiming(sessionId), reads.readHomeworkTiming, { params: { id: sessionId } }),
  /** A session's latest messages (lib/api-client/messages.ts, useConversation); reading them marks them read. */
  conversation: (sessionId: number) =>
    gatewayRead(
      { queryKey: keys.messages.conversation(sessionId) },
      reads.listMessages,
      { params: { id: sessionId }, query: LATEST_QUERY },
      { select: (page) => latestOf(page as Page<MessageT>) },
    ),
  documents: (sessionId: number) =>
    everyPageRead(documentQueries.list(sessionId), reads.listDocuments, (page) => ({
      params: { id: sessionId },
      query: { page, size: 100 },
    })),
  /** The caller's conversations (the client's sessions with their unread counts). */
  conversations: () => conversationList({ page: 0, size: 100 }),
  /** One session's conversation as the caller's list gives it (the client's session page: title, closed). */
  conversationOf: (sessionId: number) => conversationList({ sessionId, page: 0, size: 1 }),
  /** The caregiver's home: the running sessions' first page, as the list first shows it (session-list.tsx). */
  runningSessions: () =>
    gatewayRead(queries.sessions({ runningStatus: "RUNNING", page: 0 }), reads.listSessions, {
      query: { runningStatus: "RUNNING", page: 0, size: SESSIONS_PAGE },
    }),
  /** The first of the homework waiting for the caregiver's feedback. */
  feedbackDue: () =>
    gatewayRead(queries.feedbackDue(), reads.listFeedbackDue, { query: { page: 0, size: WORKLIST_FIRST } }),
  alertsToReview: () =>
    gatewayRead(queries.alertsToReview(), reads.listAlertsToReview, { query: { size: ALERTS_FIRST } }),
  /** The first of the caller's conversations with unread messages (the worklist's). */
  unreadConversations: () => conversationList({ unread: true, page: 0, size: WORKLIST_FIRST }),
  /** The caller's unread messages, counted (the unread badge). */
  unreadCount: () => gatewayRead(conversationQueries.unreadCount(), reads.countUnreadMessages, {}),
  /** The client's work still to do, and when it is due, every page. */
  ownOpenWork: () =>
    everyPageRead(queries.ownOpenWork(), reads.listOwnAssignments, (page) => ({
      query: { ...OPEN_WORK, page, size: 100 },
    })),
  ownOpenWorkTiming: () =>
    everyPageRead(queries.ownOpenWorkTiming(), reads.listOwnHomeworkTiming, (page) => ({
      query: { ...OPEN_WORK, page, size: 100 },
    })),
  /** The client's newest finished work (the home's first few cards). */
  ownFinishedFirst: () =>
    gatewayRead(queries.ownFinishedFirst(), reads.listOwnFinishedWork, { query: { page: 0, size: FINISHED_FIRST } }),
  /** The first homework of the client's next session, or null. */
  nextSessionHomework: () =>
    gatewayRead(
      queries.nextSessionHomework(),
      reads.listOwnAssignments,
      { query: { "time-state": "FUTURE", page: 0, size: 1 } },
      { select: (page) => (page as { content: unknown[] }).content[0] ?? null },
    ),
};
