import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { parseCalendarDate, parseClockTime } from "@/lib/dates";
import type {
  CaregiverCreateRequest,
  CaregiverDetail,
  CaregiverUpdateRequest,
  InvitationAccepted,
  InvitationAcceptRequest,
  InvitationCreated,
} from "@/lib/schemas/caregiver";
import type { ClientCreateRequest, ClientUpdateRequest } from "@/lib/schemas/client";
import type { PasswordResetConfirm, PasswordResetDone, PasswordResetRequest } from "@/lib/schemas/password-reset";
import type { AlertReviewBody, AlertsOf, AssignmentResultBody } from "@/lib/schemas/results";
import type { AddHomeworkRequest, ScheduleSessionsRequest, ScheduledSessions } from "@/lib/schemas/scheduling";
import { useKeyedSend } from "@/components/use-retry-key";
import { apiFetch, offsetAt } from "./api-fetch";
import { keys } from "./keys";
import { pages, paths } from "./paths";

// The pages' changes, each beside the keys of what it changes: on success the lists and details
// that show it are refetched.

/**
 * Runs a change, then `done` (a toast, a navigation). `mutate`'s own callbacks are dropped when the
 * calling component has gone before the change finishes, and the refetch after a change often
 * removes it (a closed session hides its close card); the promise of `mutateAsync` always settles.
 * A failure stays in the mutation's state, where the form shows it; `failed` is for what else
 * must know (a row's focus waiting for a move that was refused).
 */
export function mutateThen<V, R>(
  m: { mutateAsync: (v: V) => Promise<R> },
  variables: V,
  done: (result: R) => void,
  failed: () => void = () => undefined,
): void {
  m.mutateAsync(variables).then(done, failed);
}

type ClientCreate = z.output<typeof ClientCreateRequest>;

/**
 * The browser's clock for a write with local dates: its time zone, by whose rules the API reads
 * every date (each in its own offset), and its offset on the start date, in which the answer's
 * dates are written.
 */
function localClockOf(start: { date?: string | null; time?: string | null } | null | undefined) {
  const day = parseCalendarDate(start?.date ?? "");
  const minutes = parseClockTime(start?.time ?? "00:00") ?? 0;
  const offset = day
    ? offsetAt(new Date(day.year, day.month - 1, day.day, Math.floor(minutes / 60), minutes % 60))
    : offsetAt();
  // A browser that cannot tell its zone says "Etc/Unknown": then the offset alone.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { offset, timeZone: zone === "Etc/Unknown" ? undefined : zone };
}

/** Creates a client; resolves to the new client's page (the `location` header). */
export function useCreateClient(idempotencyKey: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClientCreate) => {
      const res = await apiFetch(paths.createClient(), {
        method: "POST",
        json: body,
        ...localClockOf(body.session),
        idempotencyKey,
      });
      return res.headers.get("location") ?? pages.clinic;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.clients.all }),
  });
}

/** Changes a client's details, status or care team (a partial update); resolves to the changed client. */
export function useUpdateClient(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof ClientUpdateRequest>) =>
      apiFetch(paths.client(id), { method: "PATCH", json: body }),
    // The care team decides who reads the client's sessions: their lists change with it.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.clients.all }),
        qc.invalidateQueries({ queryKey: keys.sessions.all }),
        qc.invalidateQueries({ queryKey: keys.myClients }),
      ]),
  });
}

function useSessionChange<T>(sessionId: number, send: (v: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.sessions.all }),
        qc.invalidateQueries({ queryKey: keys.feedbackDue.all }),
        qc.invalidateQueries({ queryKey: keys.clients.all }),
      ]).then(() => sessionId),
  });
}

export function useGiveAssignmentFeedback(sessionId: number, assignmentId: number) {
  return useSessionChange(sessionId, (body: { text: string; score?: number }) =>
    apiFetch(paths.assignmentFeedback(assignmentId), { method: "POST", json: body }),
  );
}

/** Session feedback (its key: useRetryKey, as a message's: each send adds one). */
export function useGiveSessionFeedback(sessionId: number) {
  return useSessionChange(sessionId, ({ text, idempotencyKey }: { text: string; idempotencyKey: string }) =>
    apiFetch(paths.sessionFeedback(sessionId), {
      method: "POST",
      json: { text },
      idempotencyKey,
    }),
  );
}

/**
 * A caregiver marks the alerts they see reviewed (`alertsOf`: of saved or of submitted answers, or
 * the earlier ones; `alertsAt`: stored when); the result shows the review the API answers. Refused
 * because the client submitted or saved worse answers meanwhile, the result is read again, so that
 * those show.
 */
export function useReviewAlert(assignmentId: number, seen: { alertsOf: AlertsOf; alertsAt?: string }) {
  const qc = useQueryClient();
  const key = keys.results.assignment(assignmentId);
  return useMutation({
    mutationFn: async () =>
      (await apiFetch(paths.alertReview(assignmentId, seen), { method: "POST" })).json() as Promise<AlertReviewBody>,
    onSuccess: (alertReview) => {
      if (seen.alertsOf !== "earlier") qc.setQueryData<AssignmentResultBody>(key, (r) => r && { ...r, alertReview });
      // The earlier alerts nobody reviewed were marked too (or alone): read them again.
      return Promise.all([
        qc.invalidateQueries({ queryKey: key }),
        qc.invalidateQueries({ queryKey: keys.alertsToReview }),
      ]);
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useCloseSession(sessionId: number) {
  return useSessionChange(sessionId, () => apiFetch(paths.closeSession(sessionId), { method: "POST" }));
}

/** Starts a new episode of care for a client; the client's page reads its start again. */
export function useStartCareEpisode(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(paths.careEpisode(clientId), { method: "POST" }),
    // The measures say which scores came before the new episode.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.clients.detail(clientId) }),
        qc.invalidateQueries({ queryKey: keys.results.measures(clientId) }),
      ]),
  });
}

function useCareProviderChange<A, R>(send: (v: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.careProviders.all }),
        qc.invalidateQueries({ queryKey: keys.catalog.caregivers }),
        qc.invalidateQueries({ queryKey: keys.clients.all }),
      ]),
  });
}

/**
 * Schedules a client's next sessions; resolves to the created sessions. The key is the form's own,
 * so that a second click or a retry after a lost answer creates nothing twice.
 */
export function useScheduleSessions(idempotencyKey: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof ScheduleSessionsRequest>) => {
      const res = await apiFetch(paths.scheduleSessions(), {
        method: "POST",
        json: body,
        ...localClockOf(body),
        idempotencyKey,
      });
      return (await res.json()) as z.infer<typeof ScheduledSessions>;
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.sessions.all }),
        qc.invalidateQueries({ queryKey: keys.clients.all }),
      ]),
  });
}

/**
 * Adds a care provider; resolves to their id (from the `location` header, /caregiver/<id>). Keyed,
 * so that pressed again after a lost answer it adds nobody twice.
 */
export function useCreateCaregiver() {
  return useCareProviderChange(
    useKeyedSend(async (body: z.input<typeof CaregiverCreateRequest>, idempotencyKey) => {
      const res = await apiFetch(paths.caregivers({}), { method: "POST", json: body, idempotencyKey });
      return Number(res.headers.get("location")?.split("/").pop());
    }),
  );
}

export function useUpdateCaregiver(id: number) {
  return useCareProviderChange(
    async (body: z.input<typeof CaregiverUpdateRequest>) =>
      (await apiFetch(paths.caregiver(id), { method: "PATCH", json: body })).json() as Promise<
        z.infer<typeof CaregiverDetail>
      >,
  );
}

/**
 * Puts a care provider on clients' care teams or takes them off one. Not a care provider's change
 * for the lists: their details are as they were, and the clinic's clients too (the add form's list
 * of them is a hundred audited reads, not read again). What changes is under `clients` (the care
 * provider's list of them, each client's care team) and who reads which sessions.
 */
export function useChangeCareTeams(caregiverId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { addClientIds: number[] } | { removeClientIds: number[] }) =>
      apiFetch(paths.caregiver(caregiverId), { method: "PATCH", json: body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.clients.all }),
        qc.invalidateQueries({ queryKey: keys.sessions.all }),
        qc.invalidateQueries({ queryKey: keys.myClients }),
      ]),
  });
}

/** A new invitation link (any earlier one stops working); its URL is shown once. */
export function useInvite(who: { caregiverId: number } | { clientId: number }) {
  const path = "caregiverId" in who ? paths.caregiverInvitation(who.caregiverId) : paths.clientInvitation(who.clientId);
  // `{ email: false }` only makes the link (for staff to hand over); otherwise it is emailed too.
  return useCareProviderChange(
    async ({ email }: { email: boolean }) =>
      (await apiFetch(`${path}?sendEmail=${String(email)}`, { method: "POST" })).json() as Promise<
        z.infer<typeof InvitationCreated>
      >,
  );
}

/** The invitee's choice of username and password (no sign-in yet: the token is the credential). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (body: z.input<typeof InvitationAcceptRequest>) =>
      (await apiFetch(paths.acceptInvitation, { method: "POST", json: body })).json() as Promise<
        z.infer<typeof InvitationAccepted>
      >,
  });
}

/** "Forgot your password?": asks for a link by email; the answer says nothing of who matched. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (body: z.input<typeof PasswordResetRequest>) => {
      await apiFetch(paths.requestPasswordReset, { method: "POST", json: body });
    },
  });
}

/** Sets a new password with an emailed link's token (in the body). */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: z.input<typeof PasswordResetConfirm>) =>
      (await apiFetch(paths.resetPassword, { method: "POST", json: body })).json() as Promise<
        z.infer<typeof PasswordResetDone>
      >,
  });
}

/**
 * Adds homework to an open session; its dates are read on the browser's clock. The key is the
 * form's own, so that a retry after a lost answer adds nothing twice.
 */
export function useAddHomework(sessionId: number, idempotencyKey: string) {
  return useSessionChange(sessionId, (body: z.output<typeof AddHomeworkRequest>) =>
    apiFetch(paths.addHomework(), {
      method: "PUT",
      json: body,
      ...localClockOf({ date: body.startDate, time: body.startTime }),
      idempotencyKey,
    }),
  );
}

type AnswerInput = { questionKey: string; value: unknown };

/**
 * Saves a client's answers in progress. The assignment page keeps its own answers while it is open,
 * so only the lists (which show the state) are refreshed, not the assignment being answered.
 * `keepalive` lets a save sent as the page is left finish (`apiFetch` drops it for a body too large).
 */
export function useAutosave(assignmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswerInput[]) =>
      apiFetch(paths.autosave(assignmentId), { method: "PUT", json: { answers }, keepalive: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.ownHomework.all, refetchType: "none" }),
  });
}

/**
 * Submits a client's assignment: it becomes finished work, waiting for the care team's feedback.
 * It states the browser's offset: the client's own day of it dates a diary that names no night.
 */
export function useSubmitAssignment(assignmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswerInput[]) =>
      apiFetch(paths.submit(assignmentId), { method: "POST", json: { answers }, offset: offsetAt() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.ownHomework.all }),
  });
}
