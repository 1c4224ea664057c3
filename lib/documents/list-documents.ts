import "server-only";
import { recordRead } from "@/lib/audit/record-read";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { DOCUMENT_SELECT, documentRow, mapDocument } from "@/lib/documents/document-json";
import { sessionParty } from "@/lib/sessions/session-party";
import { notFound } from "@/lib/errors";
import { pageBody, type Page, type PageRequest } from "@/lib/paging";
import type { SessionDocumentBody } from "@/lib/schemas/session";

/**
 * A page of a session's documents, oldest first (names and sizes, never the bytes). A name can say
 * what a file is about, so a page that lists any is a read of the session, with its audit row.
 */
export async function listDocuments(
  scope: Scope,
  sessionId: number,
  paging: PageRequest,
  offset: number,
): Promise<Page<SessionDocumentBody>> {
  const session = await db().session.findFirst({
    where: { AND: [{ id: sessionId }, sessionParty(scope)] },
    select: { id: true, clinicId: true },
  });
  if (!session) throw notFound("session");
  const [rows, total] = await Promise.all([
    db().document.findMany({
      where: { sessionId },
      select: DOCUMENT_SELECT,
      orderBy: { id: "asc" },
      skip: paging.page * paging.size,
      take: paging.size,
    }),
    db().document.count({ where: { sessionId } }),
  ]);
  if (rows.length > 0) await recordRead(scope, "READ_SESSION", session.clinicId, session.id);
  return pageBody(
    rows.map((d) => mapDocument(documentRow(d), offset)),
    total,
    paging,
  );
}
