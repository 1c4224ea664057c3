import "server-only";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { visibleClients } from "@/lib/clients/client-scope";
import { lockClient } from "@/lib/clients/lock-client";
import { nowSql } from "@/lib/db/database-clock";
import { db } from "@/lib/db/prisma";
import { formatDate } from "@/lib/dates";
import { notFound } from "@/lib/errors";
import type { CareEpisode } from "@/lib/schemas/client";

/**
 * Starts a new episode of care for a client of the caller's clinic (or institute): from now, on the
 * database's clock as submits are, a change alert measures from the client's scores since
 * (lib/assignments/submit-assignment.ts). It takes the client's sessions as a submit takes its own
 * (FOR NO KEY UPDATE) before writing: a submit under way finishes first, measured in the episode
 * before, and one that comes meanwhile waits and is measured in the new one, never half of each.
 */
export async function startCareEpisode(
  scope: ClinicScope | InstituteScope,
  id: number,
  offset: number,
): Promise<z.infer<typeof CareEpisode>> {
  // A client never changes clinic, so whether the caller may see it holds for the update.
  const visible = await db().client.findFirst({
    where: { AND: [{ id }, visibleClients(scope)] },
    select: { id: true },
  });
  if (!visible) throw notFound("client");
  const [row] = await db().$transaction(async (tx) => {
    // The client first, as scheduling takes it: a session being scheduled is then committed before
    // the sessions are taken, and is among them.
    if (!(await lockClient(tx, id))) throw notFound("client");
    await tx.$queryRaw`select id from "Session" where "clientId" = ${id}::int order by id for no key update`;
    return tx.$queryRaw<{ at: Date }[]>`
      update "Client" set "careEpisodeStartedAt" = ${nowSql}, "updatedAt" = ${nowSql}
       where id = ${id}::int returning "careEpisodeStartedAt" as at`;
  });
  if (!row) throw notFound("client");
  return { careEpisodeStartDate: formatDate(row.at, offset) };
}
