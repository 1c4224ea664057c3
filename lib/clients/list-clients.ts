import "server-only";
import type { z } from "zod";
import { recordReads } from "@/lib/audit/record-read";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { db } from "@/lib/db/prisma";
import { readPage } from "@/lib/db/read-page";
import { formatDate } from "@/lib/dates";
import type { ClientStatus, Prisma } from "@/lib/generated/prisma/client";
import { pageBody, type PageRequest } from "@/lib/paging";
import type { ClientSummary } from "@/lib/schemas/client";

export const CLIENT_SUMMARY_SELECT = {
  id: true,
  opptId: true,
  externalClientId: true,
  name: true,
  email: true,
  mobile: true,
  language: true,
  status: true,
  clinicId: true,
  imageType: true,
  createdAt: true,
} satisfies Prisma.ClientSelect;

type SummaryRow = Prisma.ClientGetPayload<{ select: typeof CLIENT_SUMMARY_SELECT }>;

export const mapClientSummary = (c: SummaryRow, offset: number): z.infer<typeof ClientSummary> => ({
  id: c.id,
  clientOpptId: c.opptId,
  externalClientId: c.externalClientId,
  name: c.name,
  email: c.email,
  mobile: c.mobile,
  language: c.language,
  status: c.status,
  clinicId: c.clinicId,
  hasImage: c.imageType !== null,
  createDate: formatDate(c.createdAt, offset),
});

/**
 * Clients of the caller's clinic, newest first; `search` matches name, email or externalClientId,
 * `status` keeps the active or the inactive ones, `caregiverId` those whose care team that care
 * provider is on (their page's "Care teams").
 * Each client shown is a READ_CLIENT audit row: that someone is a client here is health data. So
 * is each client a search matched, shown or not: its total answers "is this person a client here?"
 * even on a page past the end.
 */
export async function listClients(
  scope: ClinicScope | InstituteScope,
  q: { search?: string; status?: ClientStatus; clinicId?: number; caregiverId?: number } & PageRequest,
  offset: number,
) {
  const clinicId = await resolveClinic(scope, q.clinicId);
  const where: Prisma.ClientWhereInput = { clinicId, erasedAt: null, status: q.status };
  // A filter like the session list's clientId, not a scope: anyone else's care provider, or none,
  // is on no care team of this clinic, and the page is empty (clinicId alone answers 404).
  if (q.caregiverId) where.careTeam = { some: { caregiverId: q.caregiverId } };
  if (q.search) {
    // Prisma hands `contains` to ILIKE as it is, so "%" and "_" would be wildcards: they are the
    // characters typed ("50%" must not find every client).
    const typed = q.search.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.OR = ["name", "email", "externalClientId"].map((f) => ({ [f]: { contains: typed, mode: "insensitive" } }));
  }
  const page = db().client.findMany({
    where,
    select: CLIENT_SUMMARY_SELECT,
    orderBy: { id: "desc" },
    skip: q.page * q.size,
    take: q.size,
  });
  // Without a search the total is a count (the clinic's, or a care provider's caseload there), and
  // the clients read are those shown. With one, the total answers "is this person a client here?",
  // even on a page past the end: every client it matched is read.
  const [rows, read, total] = q.search
    ? await db()
        .$transaction([page, db().client.findMany({ where, select: { id: true, clinicId: true } })], {
          isolationLevel: "RepeatableRead",
        })
        .then(([shown, matched]) => [shown, matched, matched.length] as const)
    : await readPage(page, db().client.count({ where })).then(([shown, n]) => [shown, shown, n] as const);
  await recordReads(
    scope,
    "READ_CLIENT",
    read.map((r) => ({ clinicId: r.clinicId, targetId: r.id })),
  );
  return pageBody(
    rows.map((r) => mapClientSummary(r, offset)),
    total,
    q,
  );
}
