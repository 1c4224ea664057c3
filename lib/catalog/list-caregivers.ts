import "server-only";
import type { z } from "zod";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { db } from "@/lib/db/prisma";
import { readPage } from "@/lib/db/read-page";
import { pageBody, type Page, type PageRequest } from "@/lib/paging";
import type { Caregiver } from "@/lib/schemas/catalog";

/** Care providers of the caller's clinic, by name. */
export async function listCaregivers(
  scope: ClinicScope | InstituteScope,
  q: { clinicId?: number } & PageRequest,
): Promise<Page<z.infer<typeof Caregiver>>> {
  const clinicId = await resolveClinic(scope, q.clinicId);
  const where = { clinics: { some: { clinicId } } };
  const [rows, total] = await readPage(
    db().caregiver.findMany({
      where,
      select: {
        id: true,
        name: true,
        email: true,
        position: true,
        activationStatus: true,
        account: { select: { id: true } },
      },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: q.page * q.size,
      take: q.size,
    }),
    db().caregiver.count({ where }),
  );
  return pageBody(
    rows.map(({ account, ...c }) => ({ ...c, hasSignIn: account !== null })),
    total,
    q,
  );
}
