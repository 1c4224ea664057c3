import "server-only";
import type { ScopeOf } from "@/lib/auth/scope";
import { recordReads } from "@/lib/audit/record-read";
import { db } from "@/lib/db/prisma";
import { DAY_MS, formatDate, isoDay, localIsoDay, MAX_OFFSET_MINUTES, parseCalendarDate } from "@/lib/dates";
import { notFound } from "@/lib/errors";
import { bandOf, definitionOf } from "@/lib/results/answer-words";
import { sleepSummary } from "@/lib/results/sleep-summary";
import { storedAlerts } from "@/lib/results/stored-result";
import type { ClientMeasuresBody, SleepNightBody } from "@/lib/schemas/results";
import { careTeamClient } from "@/lib/sessions/care-team";

type Measure = ClientMeasuresBody["measures"][number];

/**
 * Each measure's submitted scores across the client's sessions, oldest first, with the range and
 * bands of its newest version (the chart's scale and threshold lines). A measure is a library
 * entry (all the clinic's copies of PHQ-9 are one series), else one module of the clinic's own.
 * With them, the nights of the sleep diary. Every session whose scores or nights are shown gets a
 * READ_SESSION audit row, as its health data.
 */
export async function readClientMeasures(
  scope: ScopeOf<"CAREGIVER" | "CLINIC">,
  clientId: number,
  offset: number,
): Promise<ClientMeasuresBody> {
  const client = await db().client.findFirst({
    where: {
      id: clientId,
      ...(scope.role === "CLINIC" ? { clinicId: scope.clinicId, erasedAt: null } : careTeamClient(scope.caregiverId)),
    },
    select: {
      id: true,
      clinicId: true,
      careEpisodeStartedAt: true,
      sessions: {
        select: {
          id: true,
          title: true,
          assignments: {
            where: { status: "COMPLETE", score: { not: null }, submittedAt: { not: null } },
            select: {
              id: true,
              score: true,
              band: true,
              alerts: true,
              submittedAt: true,
              module: { select: { id: true, name: true, libraryKey: true } },
              moduleVersion: { select: { definition: true } },
            },
          },
        },
      },
    },
  });
  if (!client) throw notFound("client");

  const done = client.sessions
    .flatMap((s) => s.assignments.map((a) => ({ ...a, session: s })))
    .flatMap((a) => {
      const scoring = definitionOf(a.moduleVersion.definition).scoring;
      return a.score !== null && a.submittedAt && scoring ? [{ ...a, score: a.score, at: a.submittedAt, scoring }] : [];
    })
    .sort((x, y) => x.at.getTime() - y.at.getTime() || x.id - y.id);

  const episodeStart = client.careEpisodeStartedAt;
  const measures = new Map<string, Measure>();
  for (const a of done) {
    const key = a.module.libraryKey ?? `module-${String(a.module.id)}`;
    // The newest point comes last, so its version's name, range and bands are the measure's.
    const m: Measure = {
      key,
      name: a.module.name,
      range: a.scoring.range,
      bands: a.scoring.bands,
      points: measures.get(key)?.points ?? [],
    };
    m.points.push({
      assignmentId: a.id,
      sessionId: a.session.id,
      sessionTitle: a.session.title,
      date: formatDate(a.at, offset),
      score: a.score,
      band: bandOf(a.scoring.bands, a.score, a.band)?.label.en ?? null,
      alert: storedAlerts(a.alerts).length > 0,
      // Compared to the moment, not the minute the dates show: the change alerts' own rule.
      earlierEpisode: episodeStart !== null && a.at.getTime() < episodeStart.getTime(),
    });
    measures.set(key, m);
  }

  const sleepNights = await readSleepNights(client.id, offset);
  const sessionsShown = [...new Set([...done.map((a) => a.session.id), ...sleepNights.map((n) => n.sessionId)])];
  await recordReads(
    scope,
    "READ_SESSION",
    sessionsShown.map((targetId) => ({ clinicId: client.clinicId, targetId })),
  );
  return {
    clientId: client.id,
    careEpisodeStartDate: episodeStart && formatDate(episodeStart, offset),
    measures: [...measures.values()].sort((x, y) => x.name.localeCompare(y.name) || x.key.localeCompare(y.key)),
    sleepNights,
  };
}

/**
 * The client's submitted nights of the library's sleep diary (any clinic copy of it), by night: the
 * night as answered, else the day before the submit's day on the client's own clock (the diary is
 * written the morning after; a submit that stated no offset, or from before that clock was kept:
 * on the reader's). A night answered in two diaries is the later diary's, so a week counts it
 * once; a night inferred from the submit merges with none (two diaries caught up one morning are
 * two nights, not one).
 */
async function readSleepNights(clientId: number, offset: number): Promise<SleepNightBody[]> {
  const diaries = await db().assignment.findMany({
    where: {
      session: { clientId },
      status: "COMPLETE",
      submittedAt: { not: null },
      module: { libraryKey: "sleep-diary" },
    },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      submittedAt: true,
      submittedOffset: true,
      session: { select: { id: true, title: true } },
      answers: { select: { questionKey: true, value: true } },
    },
  });
  const byNight = new Map<string, SleepNightBody>();
  for (const a of diaries) {
    if (!a.submittedAt) continue;
    const given = new Map(a.answers.map((g) => [g.questionKey, g.value]));
    const answered = answeredNight(given.get("night_of"), a.submittedAt, a.submittedOffset);
    const night = answered ?? localIsoDay(new Date(a.submittedAt.getTime() - DAY_MS), a.submittedOffset ?? offset);
    byNight.set(answered ?? `${night} #${String(a.id)}`, {
      assignmentId: a.id,
      sessionId: a.session.id,
      sessionTitle: a.session.title,
      night,
      summary: sleepSummary(given),
    });
  }
  return [...byNight.values()].sort((x, y) => x.night.localeCompare(y.night) || x.assignmentId - y.assignmentId);
}

/**
 * The night the diary names, as `YYYY-MM-DD` (a clinic's copy may ask it as text, `YYYY/MM/DD`
 * too), or null when it names none or a night after the client's day of the submit (a mistyped
 * year or month), which would otherwise replace a real night's diary.
 */
function answeredNight(value: unknown, submittedAt: Date, ownOffset: number | null): string | null {
  const day = typeof value === "string" ? parseCalendarDate(value) : null;
  if (!day) return null;
  const night = isoDay(day);
  // A submit that stated no offset: no client's day is later than the day at UTC+14.
  return night <= localIsoDay(submittedAt, ownOffset ?? MAX_OFFSET_MINUTES) ? night : null;
}
