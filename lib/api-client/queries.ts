import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { CaregiverDetail } from "@/lib/schemas/caregiver";
import type { BookDetailT, DesignPlanDetailT, ModuleDetailT } from "@/lib/schemas/authoring";
import type { AuditEntry, Book, Caregiver, DesignPlan } from "@/lib/schemas/catalog";
import type { CaregiverClient, ClientDetail, ClientSummary } from "@/lib/schemas/client";
import type { FeedbackDueItem } from "@/lib/schemas/homework";
import type { AlertToReview, AssignmentResultBody, ClientMeasuresBody } from "@/lib/schemas/results";
import type { OwnAssignmentDetail } from "@/lib/schemas/own-assignment";
import type { AssignmentTiming, SessionHomeworkTiming } from "@/lib/schemas/scheduling";
import type { Assignment, SessionDetail, SessionSummary } from "@/lib/schemas/session";
import type { Page } from "@/lib/paging";
import { getJson } from "./api-fetch";
import { keys, type AuditLogParams, type ClientListParams, type SessionListParams } from "./keys";
import { paths } from "./paths";

/**
 * Every page of a paged list, for lists a person picks from (they must offer every choice) or has
 * asked to see whole.
 */
export async function allPages<T>(path: (page: number) => string): Promise<T[]> {
  const first = await getJson<Page<T>>(path(0));
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => getJson<Page<T>>(path(i + 1))),
  );
  return [first, ...rest].flatMap((p) => p.content);
}

/** The query of the client's work still to do: the open assignments of its running sessions. */
export const OPEN_WORK = { "time-state": "RUNNING", status: "PENDING,IN_PROGRESS" } as const;

/** How many of the client's finished assignments the home shows before "Show all". */
export const FINISHED_FIRST = 5;

/**
 * How many items each worklist of the caregiver's home (feedback due, unread conversations) shows
 * before "Show all N": a caseload of thirty clients has more, and the rest must be one press away.
 */
export const WORKLIST_FIRST = 20;

/** Sessions on a page of the caregiver's "My sessions" (and of the staff's). */
export const SESSIONS_PAGE = 10;

/** Urgent alerts the caregiver's home lists. */
export const ALERTS_FIRST = 20;

/** Clients on a page of a care provider's "Care teams". */
export const CARE_TEAMS_PAGE = 10;

/** Clients a care-team picker lists at once: the newest, or the first a search finds. */
export const PICKABLE = 100;

/** Entries on a page of the audit log. */
export const AUDIT_PAGE = 25;

export const queries = {
  clients: (p: ClientListParams) =>
    queryOptions({
      queryKey: keys.clients.list(p),
      queryFn: () => getJson<Page<z.infer<typeof ClientSummary>>>(paths.clients({ ...p, size: 10 })),
    }),
  client: (id: number) =>
    queryOptions({
      queryKey: keys.clients.detail(id),
      queryFn: () => getJson<z.infer<typeof ClientDetail>>(paths.client(id)),
    }),
  caregivers: () =>
    queryOptions({
      queryKey: keys.catalog.caregivers,
      queryFn: () => allPages<z.infer<typeof Caregiver>>((page) => paths.caregivers({ page, size: 100 })),
    }),
  designPlans: () =>
    queryOptions({
      queryKey: keys.catalog.designPlans,
      queryFn: () => allPages<z.infer<typeof DesignPlan>>((page) => paths.designPlans({ page, size: 100 })),
    }),
  books: () =>
    queryOptions({
      queryKey: keys.catalog.books,
      queryFn: () => allPages<z.infer<typeof Book>>((page) => paths.books({ page, size: 100 })),
    }),
  /** The library's archived books and design plans (docs/library.md "Archiving"). */
  archivedBooks: () =>
    queryOptions({
      queryKey: keys.catalog.archivedBooks,
      queryFn: () => allPages<z.infer<typeof Book>>((page) => paths.books({ page, size: 100, archived: "true" })),
    }),
  archivedDesignPlans: () =>
    queryOptions({
      queryKey: keys.catalog.archivedDesignPlans,
      queryFn: () =>
        allPages<z.infer<typeof DesignPlan>>((page) => paths.designPlans({ page, size: 100, archived: "true" })),
    }),
  book: (id: number) =>
    queryOptions({ queryKey: keys.catalog.book(id), queryFn: () => getJson<BookDetailT>(paths.book(id)) }),
  module: (id: number) =>
    queryOptions({ queryKey: keys.catalog.module(id), queryFn: () => getJson<ModuleDetailT>(paths.module(id)) }),
  designPlan: (id: number) =>
    queryOptions({
      queryKey: keys.catalog.designPlan(id),
      queryFn: () => getJson<DesignPlanDetailT>(paths.designPlan(id)),
    }),
  sessions: (p: SessionListParams) =>
    queryOptions({
      queryKey: keys.sessions.list(p),
      queryFn: () => getJson<Page<z.infer<typeof SessionSummary>>>(paths.sessions({ ...p, size: SESSIONS_PAGE })),
    }),
  session: (id: number) =>
    queryOptions({
      queryKey: keys.sessions.detail(id),
      queryFn: () => getJson<z.infer<typeof SessionDetail>>(paths.session(id)),
    }),
  homeworkTiming: (id: number) =>
    queryOptions({
      queryKey: keys.sessions.timing(id),
      queryFn: () => getJson<z.infer<typeof SessionHomeworkTiming>>(paths.homeworkTiming(id)),
    }),
  myClients: () =>
    queryOptions({
      queryKey: keys.myClients,
      queryFn: () => allPages<z.infer<typeof CaregiverClient>>((page) => paths.myClients({ page, size: 100 })),
    }),
  /** The clinic's care providers, a page at a time (the care-provider page's list). */
  auditLog: (p: AuditLogParams) =>
    queryOptions({
      queryKey: keys.auditLog(p),
      queryFn: () => getJson<Page<z.infer<typeof AuditEntry>>>(paths.auditLog({ ...p, size: AUDIT_PAGE })),
    }),
  careProviders: (page: number) =>
    queryOptions({
      queryKey: keys.careProviders.list(page),
      queryFn: () => getJson<Page<z.infer<typeof Caregiver>>>(paths.caregivers({ page, size: 20 })),
    }),
  careProvider: (id: number) =>
    queryOptions({
      queryKey: keys.careProviders.detail(id),
      queryFn: () => getJson<z.infer<typeof CaregiverDetail>>(paths.caregiver(id)),
    }),
  /** A page of the clients whose care team a care provider is on (their page's "Care teams"). */
  careProviderClients: (caregiverId: number, page: number) =>
    queryOptions({
      queryKey: keys.clients.ofCareProvider(caregiverId, page),
      queryFn: () =>
        getJson<Page<z.infer<typeof ClientSummary>>>(paths.clients({ caregiverId, page, size: CARE_TEAMS_PAGE })),
    }),
  /**
   * All of them, read only once staff open "Add to care teams" (each client listed is an audited
   * read): the clients the form offers are those they are not on the team of yet.
   */
  careProviderAllClients: (caregiverId: number) =>
    queryOptions({
      queryKey: keys.clients.ofCareProvider(caregiverId, "all"),
      queryFn: () => allPages<z.infer<typeof ClientSummary>>((page) => paths.clients({ caregiverId, page, size: 100 })),
    }),
  /**
   * The clinic's clients a care provider can join the care team of: the newest hundred, or the
   * first hundred a search finds (name, email or external id), and how many there are in all.
   */
  pickableClients: (search = "") =>
    queryOptions({
      queryKey: keys.clients.pickable(search),
      queryFn: async () => {
        const page = await getJson<Page<z.infer<typeof ClientSummary>>>(
          paths.clients({ search: search || undefined, page: 0, size: PICKABLE }),
        );
        return { clients: page.content, total: page.totalElements };
      },
    }),
  /** The client's work still to do: the pending and in-progress assignments of running sessions. */
  ownOpenWork: () =>
    queryOptions({
      queryKey: keys.ownHomework.open,
      queryFn: () =>
        allPages<z.infer<typeof Assignment>>((page) => paths.ownAssignments({ ...OPEN_WORK, page, size: 100 })),
    }),
  /** The client's newest finished work (submitted assignments), and how much there is in all. */
  ownFinishedFirst: () =>
    queryOptions({
      queryKey: keys.ownHomework.finished("first"),
      queryFn: () =>
        getJson<Page<z.infer<typeof Assignment>>>(paths.ownFinishedWork({ page: 0, size: FINISHED_FIRST })),
    }),
  /** All of the client's finished work, newest first: read when the client asks for it. */
  ownFinished: () =>
    queryOptions({
      queryKey: keys.ownHomework.finished("all"),
      queryFn: () => allPages<z.infer<typeof Assignment>>((page) => paths.ownFinishedWork({ page, size: 100 })),
    }),
  /** When each of those assignments is due (beside the contract's object), by assignment id. */
  ownOpenWorkTiming: () =>
    queryOptions({
      queryKey: keys.ownHomework.openTiming,
      queryFn: () =>
        allPages<z.infer<typeof AssignmentTiming>>((page) =>
          paths.ownHomeworkTiming({ ...OPEN_WORK, page, size: 100 }),
        ),
    }),
  /** The first homework of the client's next session (sessions come earliest first), if any. */
  nextSessionHomework: () =>
    queryOptions({
      queryKey: keys.ownHomework.list("FUTURE"),
      queryFn: async () =>
        (
          await getJson<Page<z.infer<typeof Assignment>>>(
            paths.ownAssignments({ "time-state": "FUTURE", page: 0, size: 1 }),
          )
        ).content[0] ?? null,
    }),
  ownAssignment: (id: number) =>
    queryOptions({
      queryKey: keys.ownHomework.detail(id),
      queryFn: () => getJson<z.infer<typeof OwnAssignmentDetail>>(paths.ownAssignment(id)),
    }),
  /** The first of the homework waiting for the caregiver's feedback, and how much there is in all. */
  feedbackDue: () =>
    queryOptions({
      queryKey: keys.feedbackDue.list("first"),
      queryFn: () =>
        getJson<Page<z.infer<typeof FeedbackDueItem>>>(paths.feedbackDue({ page: 0, size: WORKLIST_FIRST })),
    }),
  /** All the homework waiting for the caregiver's feedback: read when the caregiver asks for it. */
  feedbackDueAll: () =>
    queryOptions({
      queryKey: keys.feedbackDue.list("all"),
      queryFn: () => allPages<z.infer<typeof FeedbackDueItem>>((page) => paths.feedbackDue({ page, size: 100 })),
    }),
  alertsToReview: () =>
    queryOptions({
      queryKey: keys.alertsToReview,
      queryFn: () => getJson<Page<z.infer<typeof AlertToReview>>>(paths.alertsToReview({ size: ALERTS_FIRST })),
    }),
  /** One assignment's answers in words, with its score, band and alerts. */
  assignmentResult: (id: number) =>
    queryOptions({
      queryKey: keys.results.assignment(id),
      queryFn: () => getJson<AssignmentResultBody>(paths.assignmentResult(id)),
    }),
  /** A client's measures over time, with their bands. */
  clientMeasures: (clientId: number) =>
    queryOptions({
      queryKey: keys.results.measures(clientId),
      queryFn: () => getJson<ClientMeasuresBody>(paths.clientMeasures(clientId)),
    }),
};
