import "server-only";
import { bookRefusal } from "@/lib/authoring/archive";
import { CURRENT_VERSION, currentVersion } from "@/lib/modules/current-version";
import type { ScopeOf } from "@/lib/auth/scope";
import { nowMsSql } from "@/lib/db/database-clock";
import { db, type Tx } from "@/lib/db/prisma";
import { DAY_MS } from "@/lib/dates";
import { AppError, conflict, fieldError, notFound, type FieldError } from "@/lib/errors";
import { runIdempotent } from "@/lib/idempotency/run-idempotent";
import { enqueue } from "@/lib/jobs/enqueue";
import { assignmentReminderKey } from "@/lib/reminders/session-reminder-moment";
import type { AddHomeworkInput } from "@/lib/schemas/scheduling";
import type { AssignmentBody } from "@/lib/schemas/session";
import { sessionParty } from "@/lib/sessions/session-party";
import { mapAssignment, type SessionDetailRow } from "@/lib/sessions/map-session-detail";
import { addLocalDays, localToday, parseLocalMoment, type LocalClock } from "@/lib/local-clock";

type Moments = { startAt: Date; dueAt: Date | null; remindAt: Date[] };

/**
 * Adds homework to an open session: every module of the books (but the archived ones; an archived
 * book is refused) becomes an assignment (PENDING, feedback NONE) with its start, optional due
 * moment and reminder moments (each queued for its moment: lib/jobs/handlers/assignment-reminder.ts).
 * The session row is locked first, as every lifecycle write locks it (session-lock.ts): a close
 * either committed before (409 here) or waits until this commits.
 */
export async function addHomework(
  scope: ScopeOf<"CAREGIVER" | "CLINIC">,
  input: AddHomeworkInput,
  clock: LocalClock & { idempotencyKey?: string | null },
): Promise<AssignmentBody[]> {
  // The one check of the moments that needs no clock, before anything is read; the others are
  // made on the database's clock, in the transaction.
  if (input.endTime && !input.endDate) throw fieldError("bad_request", "endDate", "endDate is required with endTime");
  const session = await db().session.findFirst({
    where: {
      id: input.sessionId,
      ...sessionParty(scope),
    },
    select: {
      id: true,
      clinicId: true,
      title: true,
      description: true,
      chatId: true,
      createdAt: true,
      startAt: true,
      caregiver: { select: { id: true, name: true, position: true } },
      client: { select: { id: true, name: true, opptId: true } },
    },
  });
  if (!session) throw notFound("session");
  const { value: rows } = await runIdempotent(
    scope.accountId,
    clock.idempotencyKey ?? null,
    { operation: "addHomework", body: input },
    {
      create: async (tx) => {
        const created = await insertHomework(tx, session, input, clock);
        return {
          location: `/session/${String(session.id)}/assignment/${created.map((a) => a.id).join(",")}`,
          value: created,
        };
      },
      replay: (location) => homeworkAsAdded(session.id, location),
    },
  );
  // The session detail's own mapping, so that each is exactly the assignment object it shows.
  const inSession = {
    id: session.id,
    title: session.title,
    caregiverId: session.caregiver.id,
    caregiverName: session.caregiver.name,
    clientId: session.client.id,
    clientName: session.client.name,
  };
  return rows.map((a) => mapAssignment(a, inSession, clock.offset));
}

type AddedRow = SessionDetailRow["assignments"][number];

/** Where a retry finds the first request's homework: `/session/<id>/assignment/<id>,<id>,…`. */
const ADDED = /^\/session\/(\d+)\/assignment\/(\d+(?:,\d+)*)$/;

/** What homework added to the session looks like as it is added: nothing started, drafted or assessed. */
const asAdded = (
  a: { id: number; bookId: number; moduleId: number },
  module: { name: string; isTest: boolean },
  assignedAt: Date,
  startAt: Date,
): AddedRow => ({
  id: a.id,
  bookId: a.bookId,
  moduleId: a.moduleId,
  moduleName: module.name,
  isTest: module.isTest,
  status: "PENDING",
  feedbackStatus: "NONE",
  score: null,
  // The stored values, on the database clock: what the session detail shows later.
  assignedAt: assignedAt.getTime(),
  startAt: startAt.getTime(),
  submittedAt: null,
  feedbackSubmitAt: null,
  drafts: [],
  answers: [],
  autoSaveAnswers: [],
  feedbacks: [],
});

/**
 * A retry's answer: the assignments the first request added (their ids in its location), as they
 * were added, whatever the client did with them since (an Idempotency-Key answers the first result).
 */
async function homeworkAsAdded(sessionId: number, location: string): Promise<AddedRow[]> {
  const [, session, list] = ADDED.exec(location) ?? [];
  if (Number(session) !== sessionId || !list)
    throw new Error(`not a location of homework added to session ${sessionId}`);
  const ids = list.split(",").map(Number);
  const rows = await db().assignment.findMany({
    where: { id: { in: ids }, sessionId },
    select: {
      id: true,
      bookId: true,
      moduleId: true,
      assignedAt: true,
      startAt: true,
      module: { select: { name: true } },
      moduleVersion: { select: { isTest: true } },
    },
  });
  const byId = new Map(rows.map((a) => [a.id, a]));
  return ids.flatMap((id) => {
    const a = byId.get(id);
    return a ? [asAdded(a, { name: a.module.name, isTest: a.moduleVersion.isTest }, a.assignedAt, a.startAt)] : [];
  });
}

/** The assignments, reminders and their jobs, under the session's lock. */
async function insertHomework(
  tx: Tx,
  session: { id: number; clinicId: number },
  input: AddHomeworkInput,
  clock: LocalClock,
): Promise<AddedRow[]> {
  // The time of the change is read from the database clock in the statement that locks the row
  // (as the lifecycle writes do; a close committed meanwhile makes PostgreSQL read it again), so
  // no assignment can carry a time after the closedAt of a later close.
  const [locked] = await tx.$queryRaw<{ now: number }[]>`
    select ${nowMsSql} as now from "Session" where id = ${session.id} for no key update`;
  if (!locked) throw notFound("session");
  const assignedAt = new Date(locked.now);
  const fresh = await tx.session.findUniqueOrThrow({
    where: { id: session.id },
    select: { closedAt: true, client: { select: { status: true } } },
  });
  if (fresh.closedAt) throw conflict("the session is closed: no homework can be added");
  if (fresh.client.status !== "ACTIVE") throw conflict("the client is INACTIVE: no homework can be added");
  // A start left to the server is the time of the change: the database's, as every instance reads it.
  const moments = momentsOf(input, clock, assignedAt);
  const books = await tx.book.findMany({
    where: { id: { in: input.bookIds }, clinicId: session.clinicId },
    select: {
      id: true,
      archivedAt: true,
      modules: {
        where: { archivedAt: null },
        select: { id: true, name: true, versions: CURRENT_VERSION },
        orderBy: { position: "asc" },
      },
    },
  });
  const byId = new Map(books.map((b) => [b.id, b]));
  const refused: FieldError[] = input.bookIds.flatMap((id, i) => {
    const message = bookRefusal(id, byId.get(id));
    return message ? [{ path: `bookIds.${i}`, message }] : [];
  });
  const [first] = refused;
  if (first) throw new AppError("unprocessable", first.message, refused);
  const modules = input.bookIds.flatMap((bookId) =>
    (byId.get(bookId)?.modules ?? []).map((m) => ({ bookId, m, version: currentVersion(m) })),
  );
  const created = await tx.assignment.createManyAndReturn({
    data: modules.map(({ bookId, m, version }) => ({
      sessionId: session.id,
      bookId,
      moduleId: m.id,
      moduleVersionId: version.id,
      startAt: moments.startAt,
      dueAt: moments.dueAt,
      assignedAt,
    })),
    select: { id: true, bookId: true, moduleId: true, status: true, feedbackStatus: true },
  });
  if (moments.remindAt.length) {
    const reminders = await tx.assignmentReminder.createManyAndReturn({
      data: created.flatMap((a) => moments.remindAt.map((remindAt) => ({ assignmentId: a.id, remindAt }))),
      select: { id: true, remindAt: true },
    });
    for (const r of reminders)
      await enqueue(
        tx,
        "assignment-reminder",
        { reminderId: r.id },
        { runAt: r.remindAt, jobKey: assignmentReminderKey(r.id) },
      );
  }
  // The given version's flag, as the session detail reads it.
  const moduleOf = new Map(modules.map(({ m, version }) => [m.id, { name: m.name, isTest: version.isTest }]));
  return created.map((a) =>
    asAdded(a, moduleOf.get(a.moduleId) ?? { name: "", isTest: false }, assignedAt, moments.startAt),
  );
}

/**
 * The start (default now: a day alone starts at the current time of day on that day, or now when it
 * is today), the optional due moment (after the start) and reminders (between them), each read on
 * the caller's clock.
 */
function momentsOf(input: AddHomeworkInput, clock: LocalClock, now: Date): Moments {
  const at = (date: string, time: string, path: string) => {
    const moment = parseLocalMoment(date, time, clock);
    if (!moment) throw fieldError("bad_request", path, `${path} is not a valid date`);
    return moment;
  };
  const startAt = input.startTime
    ? at(input.startDate ?? localToday(now, clock), input.startTime, "startDate")
    : input.startDate
      ? startOnDay(input.startDate, clock, now, at)
      : now;
  // A due day without a time: due by the end of that day.
  const dueAt = input.endDate ? at(input.endDate, input.endTime ?? "23:59", "endDate") : null;
  if (dueAt && dueAt <= startAt) throw fieldError("bad_request", "endDate", "the due moment must be after the start");
  const remindAt = (input.remindDates ?? []).map((r, i) => {
    const moment = at(r.date, r.time, `remindDates.${i}`);
    if (moment < startAt || (dueAt && moment > dueAt))
      throw fieldError("bad_request", `remindDates.${i}`, "a reminder must be between the start and the due moment");
    return moment;
  });
  return { startAt, dueAt, remindAt };
}

/** A start day without a time: now when it is today on the caller's clock, else that day at the current local time of day. */
function startOnDay(
  date: string,
  clock: LocalClock,
  now: Date,
  at: (date: string, time: string, path: string) => Date,
) {
  const today = at(localToday(now, clock), "00:00", "startDate");
  // Whole calendar days: a day of a change of clock is 23 or 25 hours long.
  const days = Math.round((at(date, "00:00", "startDate").getTime() - today.getTime()) / DAY_MS);
  return addLocalDays(now, days, clock);
}
