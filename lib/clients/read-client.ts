import "server-only";
import { sql } from "kysely";
import type { z } from "zod";
import type { Scope } from "@/lib/auth/scope";
import { readSql, sessionReadsSql } from "@/lib/audit/record-read";
import { visibleClients } from "@/lib/clients/client-scope";
import { CLIENT_SUMMARY_SELECT, mapClientSummary } from "@/lib/clients/list-clients";
import { db } from "@/lib/db/prisma";
import { formatDate } from "@/lib/dates";
import { notFound } from "@/lib/errors";
import { invitationStateAt } from "@/lib/invitations/invitation-state";
import type { ClientDetail } from "@/lib/schemas/client";
import { NOW_MS_SQL } from "@/lib/db/database-clock";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import type { RunningStatus } from "@/lib/sessions/running-status";
import { runningStatusSql } from "@/lib/sessions/session-scope";

/** One client with its care team and sessions, for its clinic, institute or care team. */
export async function readClient(scope: Scope, id: number, offset: number): Promise<z.infer<typeof ClientDetail>> {
  const c = await db().client.findFirst({
    where: { AND: [{ id }, visibleClients(scope)] },
    select: {
      ...CLIENT_SUMMARY_SELECT,
      fromCpm: true,
      careEpisodeStartedAt: true,
      account: { select: { id: true } },
      invitations: {
        select: { clinicId: true, expiresAt: true, usedAt: true, revokedAt: true },
        orderBy: { id: "desc" },
        take: 1,
      },
      careTeam: {
        select: { caregiver: { select: { id: true, name: true, position: true } } },
        orderBy: { caregiverId: "asc" },
      },
      sessions: {
        select: {
          id: true,
          title: true,
          startAt: true,
          closedAt: true,
          caregiver: { select: { id: true, name: true } },
        },
        orderBy: { startAt: "asc" },
      },
    },
  });
  if (!c) throw notFound("client");
  // One statement: the audit rows (the client's, and one per session the page shows: their titles
  // are the clinic's words about the client's care, as in the session list), the running status by
  // its one rule on the database clock (session-scope.ts), and the clock's now for the invitation's
  // state. Its one row has no session when none exists.
  const statuses = await runSql(
    "client-session-status",
    sql<{ id: number | null; runningStatus: RunningStatus; now: number }>`
with shown as (
  select s."clinicId", s.id as "sessionId" from "Session" s
   where s."clientId" = ${c.id}::int and s.id = any(${c.sessions.map((s) => s.id)}::int[])
), client_read as (${readSql(scope.accountId, "READ_CLIENT", c.clinicId, c.id)}
), session_reads as (${sessionReadsSql(scope.accountId, "shown")})
select s.id, ${runningStatusSql("s")} as "runningStatus", n.now
  from (select ${sql.raw(NOW_MS_SQL)} as now) n
  left join "Session" s on s."clientId" = ${c.id}::int`.compile(sqlBuilder),
  );
  const statusOf = new Map<number, RunningStatus>();
  for (const r of statuses) if (r.id !== null) statusOf.set(r.id, r.runningStatus);
  const [clock] = statuses;
  if (!clock) throw new Error("the database answered no clock");
  const [lastInvitation] = c.invitations;
  return {
    ...mapClientSummary(c, offset),
    fromCpm: c.fromCpm,
    imageUrl: c.imageType ? `/gateway/profile/clinic/client/${c.id}/image` : null,
    careTeam: c.careTeam.map((m) => m.caregiver),
    // A session deleted between the two reads has no status: it is left out, as it is gone.
    sessions: c.sessions.flatMap((s) => {
      const runningStatus = statusOf.get(s.id);
      if (!runningStatus) return [];
      return [
        {
          id: s.id,
          title: s.title,
          startDate: formatDate(s.startAt, offset),
          runningStatus,
          caregiverId: s.caregiver.id,
          caregiverName: s.caregiver.name,
        },
      ];
    }),
    hasSignIn: c.account !== null,
    careEpisodeStartDate: c.careEpisodeStartedAt && formatDate(c.careEpisodeStartedAt, offset),
    invitation: lastInvitation
      ? {
          state: invitationStateAt(lastInvitation, new Date(clock.now)),
          clinicId: lastInvitation.clinicId,
          expiresAt: formatDate(lastInvitation.expiresAt, offset),
        }
      : null,
  };
}
