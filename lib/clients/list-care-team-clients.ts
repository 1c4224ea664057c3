import "server-only";
import type { z } from "zod";
import type { CaregiverScope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { readPage } from "@/lib/db/read-page";
import { pageBody, type Page, type PageRequest } from "@/lib/paging";
import type { CaregiverClient } from "@/lib/schemas/client";
import { careTeamClient } from "@/lib/sessions/care-team";

/** The caller's own clients (the care-team rule), by name: what a caregiver can filter sessions by. */
export async function listCareTeamClients(
  scope: CaregiverScope,
  q: PageRequest,
): Promise<Page<z.infer<typeof CaregiverClient>>> {
  const { caregiverId } = scope;
  const where = careTeamClient(caregiverId);
  const [rows, total] = await readPage(
    db().client.findMany({
      where,
      select: { id: true, name: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: q.page * q.size,
      take: q.size,
    }),
    db().client.count({ where }),
  );
  return pageBody(rows, total, q);
}
