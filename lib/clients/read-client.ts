import "server-only";
import type { z } from "zod";
import type { Scope } from "@/lib/auth/scope";
import { recordRead } from "@/lib/audit/record-read";
import { visibleClients } from "@/lib/clients/client-scope";
import { CLIENT_SUMMARY_SELECT, mapClientSummary } from "@/lib/clients/list-clients";
import { db } from "@/lib/db/prisma";
import { formatDate } from "@/lib/dates";
import { notFound } from "@/lib/errors";
import type { ClientDetail } from "@/lib/schemas/client";
import { runningStatusOf } from "@/lib/sessions/running-status";

/** One client with its care team and sessions, for its clinic, institute or care team. */
export async function readClient(scope: Scope, id: number, offset: number): Promise<z.infer<typeof ClientDetail>> {
  const c = await db().client.findFirst({
    where: { AND: [{ id }, visibleClients(scope)] },
    select: {
      ...CLIENT_SUMMARY_SELECT,
      fromCpm: true,
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
  await recordRead(scope, "READ_CLIENT", c.clinicId, c.id);
  const now = new Date();
  return {
    ...mapClientSummary(c, offset),
    fromCpm: c.fromCpm,
    imageUrl: c.imageType ? `/gateway/profile/clinic/client/${c.id}/image` : null,
    careTeam: c.careTeam.map((m) => m.caregiver),
    sessions: c.sessions.map((s) => ({
      id: s.id,
      title: s.title,
      startDate: formatDate(s.startAt, offset),
      runningStatus: runningStatusOf(s.closedAt !== null, s.startAt > now),
      caregiverId: s.caregiver.id,
      caregiverName: s.caregiver.name,
    })),
  };
}
