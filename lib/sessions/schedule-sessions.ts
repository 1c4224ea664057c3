import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import type { ScopeOf } from "@/lib/auth/scope";
import { lockMemberships } from "@/lib/clinics/lock-memberships";
import type { Language } from "@/lib/generated/prisma/enums";
import { db, type Tx } from "@/lib/db/prisma";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { MINUTE_MS, formatDate } from "@/lib/dates";
import { AppError, conflict, fieldError, notFound } from "@/lib/errors";
import { lockClient } from "@/lib/clients/lock-client";
import { runIdempotent, type Idempotent } from "@/lib/idempotency/run-idempotent";
import { addLocalDays, type LocalClock } from "@/lib/local-clock";
import type { ScheduleSessionsInput, ScheduledSession } from "@/lib/schemas/scheduling";
import { careTeamClient } from "@/lib/sessions/care-team";
import { SESSION_DAYS, createSessions, sessionStartOf } from "@/lib/sessions/create-sessions";
import { msSql } from "@/lib/db/database-clock";
import { runningStatusSql } from "@/lib/sessions/session-scope";

type Options = LocalClock & { idempotencyKey?: string | null };
type Scheduled = z.infer<typeof ScheduledSession>;

/**
 * Schedules `sessionCount` consecutive 7-day sessions for an existing client, each with one
 * assignment per module of the requested books: one transaction, under the optional
 * Idempotency-Key. Nothing already scheduled moves: a new session may not overlap an open session
 * of the same client and caregiver (409), so a week is never planned twice (docs/api-decisions.md).
 */
export async function scheduleSessions(
  scope: ScopeOf<"CAREGIVER" | "CLINIC">,
  input: ScheduleSessionsInput,
  opts: Options,
): Promise<Idempotent<Scheduled[]>> {
  const client = await db().client.findFirst({
    where: {
      id: input.clientId,
      ...(scope.role === "CLINIC" ? { clinicId: scope.clinicId, erasedAt: null } : careTeamClient(scope.caregiverId)),
    },
    select: { id: true, clinicId: true },
  });
  if (!client || (input.clinicId && input.clinicId !== client.clinicId)) throw notFound("client");
  const caregiverId = scope.role === "CAREGIVER" ? (input.caregiverId ?? scope.caregiverId) : input.caregiverId;
  if (caregiverId == null) throw fieldError("bad_request", "caregiverId", "caregiverId is required for clinic staff");
  const count = input.sessionCount ?? 1;
  const done = await runIdempotent(
    scope.accountId,
    opts.idempotencyKey ?? null,
    { operation: "scheduleSessions", body: input },
    {
      create: async (tx) => {
        const { now, language } = await lockSchedulable(tx, client, caregiverId);
        const start = sessionStartOf(input, opts, now, "");
        await checkNoOverlap(tx, client, caregiverId, input, opts, start);
        const ids = await createSessions(tx, {
          clinicId: client.clinicId,
          clientId: client.id,
          language,
          request: { ...input, caregiverId },
          start,
          clock: opts,
          now,
          at: "",
        });
        return { location: `/session/${ids[0]}`, value: ids };
      },
      replay: (location) => replayedIds(location, count),
    },
  );
  return { ...done, value: await readScheduled(done.value, opts.offset) };
}

/**
 * Locks the client row (schedulers of one client run one after the other, so two cannot both pass
 * the overlap check) and checks that the client is ACTIVE and the caregiver on its care team, in
 * the clinic (their membership held: lockMemberships).
 * Answers now on the database's clock (the default start, RUNNING at once on every instance) and the
 * client's language (the sessions' default title).
 */
async function lockSchedulable(
  tx: Tx,
  client: { id: number; clinicId: number },
  caregiverId: number,
): Promise<{ now: Date; language: Language }> {
  const current = await lockClient(tx, client.id);
  if (current?.status !== "ACTIVE") throw conflict("the client is INACTIVE: no sessions are scheduled for them");
  const member = (await lockMemberships(tx, client.clinicId, [caregiverId])).has(caregiverId);
  const onTeam =
    member &&
    (await tx.careTeamMember.findFirst({ where: { clientId: client.id, caregiverId }, select: { caregiverId: true } }));
  if (!onTeam)
    throw new AppError("unprocessable", `caregiver ${caregiverId} is not on the client's care team`, [
      { path: "caregiverId", message: "is not on the client's care team" },
    ]);
  return current;
}

const toMinute = (d: Date) => new Date(Math.floor(d.getTime() / MINUTE_MS) * MINUTE_MS);

/** Under the client's lock: no open session of that caregiver with the client overlaps the new weeks. */
async function checkNoOverlap(
  tx: Tx,
  client: { id: number },
  caregiverId: number,
  input: ScheduleSessionsInput,
  clock: LocalClock,
  start: Date,
) {
  const end = addLocalDays(start, (input.sessionCount ?? 1) * SESSION_DAYS, clock);
  // Starts compared to the minute, as the API shows them: the week after a session shown at 09:30
  // may start at 09:30, whatever seconds the session's own start had (one scheduled for "now").
  const overlapping = await tx.session.findFirst({
    where: {
      clientId: client.id,
      caregiverId,
      closedAt: null,
      startAt: {
        lt: toMinute(end),
        gte: new Date(toMinute(addLocalDays(start, -SESSION_DAYS, clock)).getTime() + MINUTE_MS),
      },
    },
    orderBy: { startAt: "asc" },
    select: { id: true, startAt: true },
  });
  // The session by its start and id, not its title: the clinic's words about the client's care
  // stay out of an error that callers log.
  if (overlapping)
    throw new AppError(
      "conflict",
      `the new sessions would overlap an open session of this client and caregiver, starting ${formatDate(overlapping.startAt, clock.offset)} (session ${String(overlapping.id)})`,
      [{ path: "date", message: "overlaps an open session of this client and caregiver" }],
    );
}

/**
 * The sessions of a first scheduling, from its location: that session and the client's next ones
 * by id. Schedulers of one client hold its row lock until they commit, so the ids of one
 * scheduling are the client's `count` sessions from the first.
 */
async function replayedIds(location: string, count: number): Promise<number[]> {
  const firstId = Number(location.split("/").pop());
  const first = await db().session.findUniqueOrThrow({ where: { id: firstId }, select: { clientId: true } });
  const rows = await db().session.findMany({
    where: { clientId: first.clientId, id: { gte: firstId } },
    orderBy: { id: "asc" },
    take: count,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/** The created sessions as the answer lists them, running status on the database clock. */
async function readScheduled(ids: number[], offset: number): Promise<Scheduled[]> {
  const rows = await runSql(
    "scheduled-sessions",
    sqlBuilder
      .selectFrom("Session as s")
      .select([
        "s.id",
        "s.title",
        sql<number>`${sql.raw(msSql('s."startAt"'))}`.as("startAt"),
        runningStatusSql("s").as("runningStatus"),
      ])
      .where(sql<boolean>`s.id = any(${ids}::int[])`)
      .orderBy("s.startAt")
      .orderBy("s.id")
      .compile(),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    startDate: formatDate(r.startAt, offset),
    runningStatus: r.runningStatus,
  }));
}
