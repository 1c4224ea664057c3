// The one factory of query keys. Every query and every invalidation names its data through it,
// so a change refreshes exactly the lists and details that show what changed.

import type { z } from "zod";
import type { ClientStatus } from "@/lib/schemas/client";

export type ClientListParams = { search?: string; status?: z.infer<typeof ClientStatus>; page: number };
export type ConversationListParams = { unread?: boolean; sessionId?: number; page: number; size: number };
export type SessionListParams = { runningStatus?: string; clientId?: number; page: number };
export type AuditLogParams = { clientId?: number; accountId?: number; page: number };

export const keys = {
  clients: {
    all: ["clients"] as const,
    list: (p: ClientListParams) => ["clients", "list", p] as const,
    detail: (id: number) => ["clients", "detail", id] as const,
    /**
     * The clients whose care team a care provider is on: a page of their page's list, or all of
     * them (what the add form leaves out). Under `clients`: a client's own edit changes them too.
     */
    ofCareProvider: (caregiverId: number, page: number | "all") =>
      ["clients", "care-provider", caregiverId, page] as const,
    /** The clients a care provider can be put on the care team of: the newest, or those a search finds. */
    pickable: (search: string) => ["clients", "pickable", search] as const,
  },
  catalog: {
    caregivers: ["catalog", "caregivers"] as const,
    designPlans: ["catalog", "design-plans"] as const,
    books: ["catalog", "books"] as const,
    archivedDesignPlans: ["catalog", "design-plans", "archived"] as const,
    archivedBooks: ["catalog", "books", "archived"] as const,
    /** Everything of the library: the book and plan lists above and each detail below. */
    all: ["catalog"] as const,
    book: (id: number) => ["catalog", "book", id] as const,
    module: (id: number) => ["catalog", "module", id] as const,
    designPlan: (id: number) => ["catalog", "design-plan", id] as const,
  },
  sessions: {
    all: ["sessions"] as const,
    list: (p: SessionListParams) => ["sessions", "list", p] as const,
    detail: (id: number) => ["sessions", "detail", id] as const,
    /** When each assignment of a session starts, is due and is reminded. */
    timing: (id: number) => ["sessions", "timing", id] as const,
  },
  careProviders: {
    all: ["care-providers"] as const,
    list: (page: number) => ["care-providers", "list", page] as const,
    detail: (id: number) => ["care-providers", "detail", id] as const,
  },
  /** The caregiver's own clients (the session list's filter). */
  myClients: ["my-clients"] as const,
  /** The homework waiting for the caregiver's feedback: the home's first page, or all of it on asking. */
  feedbackDue: {
    all: ["feedback-due"] as const,
    list: (which: "first" | "all") => ["feedback-due", which] as const,
  },
  /** The urgent alerts nobody has marked reviewed (a review takes one off). */
  alertsToReview: ["alerts-to-review"] as const,
  emailSettings: ["email-settings"] as const,
  auditLog: (p: AuditLogParams) => ["audit-log", p] as const,
  clinicSettings: ["clinic-settings"] as const,
  /**
   * What the care team reads of answers and scores (submitted work: it changes at submit, and its
   * alerts' review when a caregiver marks them reviewed).
   */
  results: {
    assignment: (id: number) => ["results", "assignment", id] as const,
    measures: (clientId: number) => ["results", "measures", clientId] as const,
  },
  /** Sessions' conversations: each one's messages, and the lists with unread counts. */
  messages: {
    conversation: (sessionId: number) => ["messages", "conversation", sessionId] as const,
  },
  conversations: {
    all: ["conversations"] as const,
    lists: ["conversations", "list"] as const,
    list: (p: ConversationListParams) => ["conversations", "list", p] as const,
    /** Every conversation with unread messages, every page: read when a caregiver asks for all of them. */
    allUnread: ["conversations", "list", "all-unread"] as const,
    unreadCount: ["conversations", "unread-count"] as const,
  },
  /** The client's own homework: every list by running status, and each assignment. */
  ownHomework: {
    all: ["own-homework"] as const,
    list: (timeState: "RUNNING" | "FUTURE" | "COMPLETED") => ["own-homework", "list", timeState] as const,
    detail: (id: number) => ["own-homework", "detail", id] as const,
    /** The work still to do (pending or in progress) of running sessions, and when it is due. */
    open: ["own-homework", "open"] as const,
    openTiming: ["own-homework", "open-timing"] as const,
    /** The newest of the client's finished work ("first"), or all of it. */
    finished: (which: "first" | "all") => ["own-homework", "finished", which] as const,
  },
};
