// The gateway's paths, written once for the pages: components never hold a URL string.

import type { AlertsOf } from "@/lib/schemas/results";

type Params = Record<string, string | number | undefined>;

const qs = (params: Params) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
};

const G = "/gateway/profile";

export const paths = {
  clients: (p: Params) => `${G}/clinic/client${qs(p)}`,
  client: (id: number) => `${G}/clinic/client/${String(id)}`,
  careEpisode: (clientId: number) => `${G}/clinic/client/${String(clientId)}/care-episode`,
  createClient: () => `${G}/clinic/client`,
  caregivers: (p: Params) => `${G}/clinic/caregiver${qs(p)}`,
  designPlans: (p: Params) => `${G}/clinic/design-plan${qs(p)}`,
  books: (p: Params) => `${G}/clinic/book${qs(p)}`,
  book: (id: number) => `${G}/clinic/book/${String(id)}`,
  bookModules: (id: number) => `${G}/clinic/book/${String(id)}/module`,
  bookModuleOrder: (id: number) => `${G}/clinic/book/${String(id)}/module-order`,
  module: (id: number) => `${G}/clinic/module/${String(id)}`,
  designPlan: (id: number) => `${G}/clinic/design-plan/${String(id)}`,
  sessions: (p: Params) => `${G}/caregiver/session${qs(p)}`,
  session: (id: number) => `${G}/caregiver/session/${String(id)}`,
  scheduleSessions: () => `${G}/caregiver/session`,
  addHomework: () => `${G}/caregiver/session/assignment`,
  homeworkTiming: (id: number) => `${G}/caregiver/session/${String(id)}/assignment-timing`,
  closeSession: (id: number) => `${G}/caregiver/session/${String(id)}/close`,
  sessionFeedback: (id: number) => `${G}/caregiver/session/${String(id)}/feedback`,
  assignmentFeedback: (id: number) => `${G}/caregiver/assignment/${String(id)}/feedback`,
  assignmentResult: (id: number) => `${G}/caregiver/assignment/${String(id)}/result`,
  alertReview: (id: number, seen: { alertsOf: AlertsOf; alertsAt?: string }) =>
    `${G}/caregiver/assignment/${String(id)}/alert-review${qs(seen)}`,
  clientMeasures: (id: number) => `${G}/clinic/client/${String(id)}/measures`,
  myClients: (p: Params) => `${G}/caregiver/client${qs(p)}`,
  feedbackDue: (p: Params) => `${G}/caregiver/assignment${qs(p)}`,
  alertsToReview: (p: Params) => `${G}/caregiver/alert${qs(p)}`,
  caregiver: (id: number) => `${G}/clinic/caregiver/${String(id)}`,
  caregiverInvitation: (id: number) => `${G}/clinic/caregiver/${String(id)}/invitation`,
  clientInvitation: (id: number) => `${G}/clinic/client/${String(id)}/invitation`,
  /** The client's own assignments, by the running status of their session (`time-state`). */
  ownAssignments: (p: Params) => `${G}/client/assignment${qs(p)}`,
  ownAssignment: (id: number) => `${G}/client/assignment/${String(id)}`,
  /** The client's own submitted assignments, newest first. */
  ownFinishedWork: (p: Params) => `${G}/client/finished-assignment${qs(p)}`,
  /** When those assignments start, are due and are reminded: same query, same pages. */
  ownHomeworkTiming: (p: Params) => `${G}/client/assignment-timing${qs(p)}`,
  autosave: (id: number) => `${G}/client/assignment/${String(id)}/autosave`,
  submit: (id: number) => `${G}/client/assignment/${String(id)}/submit`,
  /** A session's conversation: a page of it, or only the messages `after` one; posting to it. */
  messages: (sessionId: number, p: Params = {}) => `${G}/session/${String(sessionId)}/message${qs(p)}`,
  /** The conversations the caller may read, with unread counts. */
  conversations: (p: Params) => `${G}/conversation${qs(p)}`,
  /** The caller's unread messages over all their conversations, as counts. */
  unreadCount: `${G}/conversation/unread`,
  /** The caller's own email settings (client or care provider). */
  emailSettings: `${G}/email-settings`,
  /** The settings of the caller's clinic (its staff): the crisis contact. */
  clinicSettings: `${G}/clinic/settings`,
  /** The clinic's audit log: who read what (`clientId`, `accountId` narrow it). */
  auditLog: (p: Params) => `${G}/clinic/audit${qs(p)}`,
  /** Accepting an invitation: the token goes in the body. */
  acceptInvitation: "/gateway/uaa/invitation",
  /** "Forgot your password?", and the new password with the emailed link's token (in the body). */
  requestPasswordReset: "/gateway/uaa/password-reset",
  resetPassword: "/gateway/uaa/password-reset/confirm",
  /** The OpenAPI document of the gateway. */
  openApi: "/gateway/openapi.json",
};

const SIGN_IN = "/signin";

/** Pages of this site (links between pages). */
/** The id of the client page's measures heading, which a link may open the page at. */
export const MEASURES_ID = "measures-heading";

export const pages = {
  home: "/",
  /** The sign-in page, coming back to `callbackUrl` afterwards. */
  signIn: SIGN_IN,
  /** "Forgot your password?": asks for a link by email. */
  forgotPassword: "/forgot-password",
  /** The same, in the language of the link that sends the reader there. */
  /**
   * The pages before sign-in in a language, named always: without one they are in the language of
   * the last client's pages on the browser (lib/auth/link-pages.ts, askedLanguage).
   */
  forgotPasswordIn: (lang: "en" | "fr") => `/forgot-password?lang=${lang}`,
  /** The sign-in page in a language, then `callbackUrl` (a path of this site) once signed in. */
  signInIn: (lang: "en" | "fr", callbackUrl?: string) => {
    const q = new URLSearchParams({ lang });
    if (callbackUrl && callbackUrl !== "/") q.set("callbackUrl", callbackUrl);
    return `${SIGN_IN}?${q.toString()}`;
  },
  docs: "/docs",
  /** Scalar's bundle, served by this app for the reference on /docs. */
  docsScript: "/docs/scalar.js",
  clinic: "/clinic",
  newClient: "/clinic/clients/new",
  caregiver: "/caregiver",
  careProviders: "/clinic/caregivers",
  careProvider: (id: number) => `/clinic/caregivers/${String(id)}`,
  /** The clinic's books and design plans, and the editors of each. */
  library: "/clinic/library",
  /** The clinic's settings: whom its clients call in a crisis. */
  clinicSettings: "/clinic/settings",
  /** Who read what, newest first; one client's record (`client`) or one reader's reads (`reader`). */
  auditLog: (filter: { client?: number; reader?: number } = {}) => `/clinic/audit${qs(filter)}`,
  book: (id: number) => `/clinic/library/books/${String(id)}`,
  newModule: (bookId: number) => `/clinic/library/books/${String(bookId)}/modules/new`,
  module: (id: number) => `/clinic/library/modules/${String(id)}`,
  newDesignPlan: "/clinic/library/plans/new",
  designPlan: (id: number) => `/clinic/library/plans/${String(id)}`,
  client: (id: number) => `/client/${String(id)}`,
  /** The client's page at their measures over time. */
  clientMeasures: (id: number) => `/client/${String(id)}#${MEASURES_ID}`,
  editClient: (id: number) => `/client/${String(id)}/edit`,
  /** Scheduling a client's sessions, optionally prefilled (`date`, `time`, `books` as comma-separated ids). */
  scheduleSessions: (clientId: number, prefill: Params = {}) => `/client/${String(clientId)}/schedule${qs(prefill)}`,
  /** The client's homework, and one assignment of it. */
  homework: "/homework",
  homeworkItem: (id: number) => `/homework/${String(id)}`,
  /** The client's page of one session: its conversation and documents. */
  clientSession: (id: number) => `/homework/sessions/${String(id)}`,
  /** A client's or care provider's own email settings (the emails' footer links here). */
  settings: "/settings",
  session: (id: number, assignment?: number) =>
    `/caregiver/sessions/${String(id)}${assignment === undefined ? "" : `?assignment=${String(assignment)}`}`,
};
