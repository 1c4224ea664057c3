import "server-only";
import type { z } from "zod";
import { recordReads } from "@/lib/audit/record-read";
import type { CaregiverScope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { readPage } from "@/lib/db/read-page";
import { pageBody, type Page, type PageRequest } from "@/lib/paging";
import type { CaregiverClient } from "@/lib/schemas/client";
import { careTeamClient } from "@/lib/sessions/care-team";

/**
 * The caller's own clients (the care-team rule), by name: what a caregiver can filter sessions by.
 * Each client shown is a READ_CLIENT audit row, as in the clinic's list.
 */
export async function listCareTeamClients(
  scope: CaregiverScope,
  q: PageRequest,
): Promise<Page<z.infer<typeof CaregiverClient>>> {
  const { caregiverId } = scope;
  const where = careTeamClient(caregiverId);
  const [rows, total] = await readPage(
    db().client.findMany({
      where,
      select: { id: true, name: true, clinicId: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: q.page * q.size,
      take: q.size,
    }),
    db().client.count({ where }),
  );
  await recordReads(
    scope,
    "READ_CLIENT",
    rows.map((r) => ({ clinicId: r.clinicId, targetId: r.id })),
  );
  return pageBody(
    rows.map(({ id, name }) => ({ id, name })),
    total,
    q,
  );
}
