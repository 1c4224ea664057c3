import "server-only";
import type { z } from "zod";
import { recordReads } from "@/lib/audit/record-read";
import type { ClinicScope, InstituteScope } from "@/lib/auth/scope";
import { resolveClinic } from "@/lib/clinics/resolve-clinic";
import { db } from "@/lib/db/prisma";
import { readPage } from "@/lib/db/read-page";
import { formatDate } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
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
 * Clients of the caller's clinic, newest first; `search` matches name, email or externalClientId.
 * Each client shown is a READ_CLIENT audit row: that someone is a client here is health data. So
 * is each client a search matched, shown or not: its total answers "is this person a client here?"
 * even on a page past the end.
 */
export async function listClients(
  scope: ClinicScope | InstituteScope,
  q: { search?: string; clinicId?: number } & PageRequest,
  offset: number,
) {
  const clinicId = await resolveClinic(scope, q.clinicId);
  const where: Prisma.ClientWhereInput = { clinicId };
  if (q.search) {
    where.OR = ["name", "email", "externalClientId"].map((f) => ({ [f]: { contains: q.search, mode: "insensitive" } }));
    return searchClients(scope, where, q, offset);
  }
  const [rows, total] = await readPage(
    db().client.findMany({
      where,
      select: CLIENT_SUMMARY_SELECT,
      orderBy: { id: "desc" },
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
    rows.map((r) => mapClientSummary(r, offset)),
    total,
    q,
  );
}

/** A search's page: every client it matched is read (and counted), the page's shown. */
async function searchClients(
  scope: ClinicScope | InstituteScope,
  where: Prisma.ClientWhereInput,
  q: PageRequest,
  offset: number,
) {
  const [matched, rows] = await db().$transaction(
    [
      db().client.findMany({ where, select: { id: true, clinicId: true } }),
      db().client.findMany({
        where,
        select: CLIENT_SUMMARY_SELECT,
        orderBy: { id: "desc" },
        skip: q.page * q.size,
        take: q.size,
      }),
    ],
    { isolationLevel: "RepeatableRead" },
  );
  await recordReads(
    scope,
    "READ_CLIENT",
    matched.map((r) => ({ clinicId: r.clinicId, targetId: r.id })),
  );
  return pageBody(
    rows.map((r) => mapClientSummary(r, offset)),
    matched.length,
    q,
  );
}
