import "server-only";
import { bookRefusal } from "@/lib/authoring/archive";
import { CURRENT_VERSION, currentVersionId } from "@/lib/modules/current-version";
import type { Tx } from "@/lib/db/prisma";
import { AppError, type FieldError } from "@/lib/errors";
import { randomId } from "@/lib/ids";
import type { Language } from "@/lib/generated/prisma/enums";
import { enqueue } from "@/lib/jobs/enqueue";
import { defaultSessionTitle } from "@/lib/sessions/default-title";
import { addLocalDays, localToday, parseLocalMoment, type LocalClock } from "@/lib/local-clock";
import { sessionReminderAt, sessionReminderKey } from "@/lib/reminders/session-reminder-moment";
import type { SessionRequestInput } from "@/lib/schemas/client";

export const SESSION_DAYS = 7;
/** How far from the database's today a session may start (sessionStartOf). */
const START_YEARS_BACK = 5;
const START_YEARS_AHEAD = 10;

/** The same day `years` later, as `YYYY/MM/DD` (29 February may name a day that does not exist: still a bound). */
const yearsFrom = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;

type Input = {
  clinicId: number;
  clientId: number;
  /** The client's: the language of the sessions' default title. */
  language: Language;
  request: SessionRequestInput;
  /** The first session's start (sessionStartOf). */
  start: Date;
  /** How each week keeps the local hour. */
  clock: LocalClock;
  /** When the homework is assigned: now on the database's clock. */
  now: Date;
  /** Where the request sits in the body, for the paths of field errors (`session` in a client creation). */
  at?: string;
};

/**
 * Creates `sessionCount` consecutive 7-day sessions for a client, each with one assignment per
 * module of the requested books (but their archived modules); with a design plan, session k also
 * gets the modules of the plan's week k (none past its last week; a book in both is assigned once).
 * The design plan and the books must belong to the clinic and not be archived (422). Without a title, the sessions are named in the client's language,
 * as the client reads them: the plan's name (its French one for a French-speaking client), else
 * "Session" or "Séance".
 */
export async function createSessions(
  tx: Tx,
  { clinicId, clientId, language, request, start, clock, now, at = "session" }: Input,
): Promise<number[]> {
  const path = (field: string) => (at ? `${at}.${field}` : field);
  const errors: FieldError[] = [];
  const plan =
    request.designPlanId == null
      ? null
      : await tx.designPlan.findFirst({
          where: { id: request.designPlanId, clinicId },
          select: {
            name: true,
            nameFr: true,
            archivedAt: true,
            weeks: { select: { week: true, bookId: true }, orderBy: { position: "asc" } },
          },
        });
  if (request.designPlanId != null && !plan)
    errors.push({
      path: path("designPlanId"),
      message: `design plan ${request.designPlanId} does not exist in the clinic`,
    });
  if (plan?.archivedAt)
    errors.push({ path: path("designPlanId"), message: `design plan ${request.designPlanId ?? 0} is archived` });
  const planWeeks = plan?.weeks ?? [];
  const bookIds = request.bookIdList ?? [];
  // A plan's books are the clinic's and, while it is in use, not archived (authoring checks both), so
  // they are read with the requested ones.
  const readIds = [...new Set([...bookIds, ...planWeeks.map((w) => w.bookId)])];
  const books = readIds.length
    ? await tx.book.findMany({
        where: { id: { in: readIds }, clinicId },
        select: {
          id: true,
          archivedAt: true,
          modules: {
            where: { archivedAt: null },
            select: { id: true, versions: CURRENT_VERSION },
            orderBy: { position: "asc" },
          },
        },
      })
    : [];
  const byId = new Map(books.map((b) => [b.id, b]));
  const modulesOf = (id: number) => byId.get(id)?.modules ?? [];
  bookIds.forEach((id, i) => {
    const message = bookRefusal(id, byId.get(id));
    if (message) errors.push({ path: path(`bookIdList.${i}`), message });
  });
  const [first] = errors;
  if (first) throw new AppError("unprocessable", first.message, errors);

  const count = request.sessionCount ?? 1;
  const baseTitle = request.title ?? defaultSessionTitle(plan, language);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const startAt = addLocalDays(start, i * SESSION_DAYS, clock);
    const session = await tx.session.create({
      data: {
        clinicId,
        clientId,
        caregiverId: request.caregiverId,
        designPlanId: request.designPlanId ?? null,
        title: count > 1 ? `${baseTitle} ${i + 1}` : baseTitle,
        description: request.description ?? "",
        chatId: randomId(20),
        startAt,
        timeZone: clock.timeZone ?? null,
        remindDays: request.remindDays ?? null,
      },
      select: { id: true },
    });
    ids.push(session.id);
    if (request.remindDays != null)
      await enqueue(
        tx,
        "session-reminder",
        { sessionId: session.id },
        {
          runAt: sessionReminderAt(startAt, request.remindDays, clock.timeZone ?? null),
          jobKey: sessionReminderKey(session.id),
        },
      );
    // Session k: the requested books (every session's homework), then week k's books of the plan.
    const week = planWeeks.filter((w) => w.week === i + 1).map((w) => w.bookId);
    const rows = [...new Set([...bookIds, ...week])].flatMap((bookId) =>
      modulesOf(bookId).map((m) => ({
        sessionId: session.id,
        bookId,
        moduleId: m.id,
        moduleVersionId: currentVersionId(m),
        startAt,
        assignedAt: now,
      })),
    );
    if (rows.length) await tx.assignment.createMany({ data: rows });
  }
  return ids;
}

/**
 * The first session's start: `date` and `time` on the caller's clock (00:00 with a date alone),
 * default `now`, the database's (the clock by which every instance tells RUNNING from FUTURE).
 */
export function sessionStartOf(
  request: Pick<SessionRequestInput, "date" | "time">,
  clock: LocalClock,
  now: Date,
  at = "session",
): Date {
  if (!request.date && !request.time) return now;
  const today = localToday(now, clock);
  const day = request.date ?? today;
  const start = parseLocalMoment(day, request.time ?? "00:00", clock);
  const path = at ? `${at}.date` : "date";
  if (!start)
    throw new AppError("bad_request", `${path} is not a valid date`, [{ path, message: "is not a valid date" }]);
  // A mistyped year (1999 for 2029) would make weeks of sessions nobody can attend. Weeks of a
  // program begun elsewhere may be entered after the fact, and a program planned years ahead.
  // Compared as calendar days on the caller's clock (YYYY/MM/DD sorts as text).
  const asDay = day.replaceAll("-", "/");
  if (asDay < yearsFrom(today, -START_YEARS_BACK) || asDay > yearsFrom(today, START_YEARS_AHEAD)) {
    const message = `must be within ${START_YEARS_BACK} years before and ${START_YEARS_AHEAD} years after today`;
    throw new AppError("bad_request", `${path} ${message}`, [{ path, message }]);
  }
  return start;
}
