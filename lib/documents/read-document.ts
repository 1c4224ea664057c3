import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { recordRead } from "@/lib/audit/record-read";
import { db } from "@/lib/db/prisma";
import { sessionParty } from "@/lib/sessions/session-party";
import { notFound } from "@/lib/errors";

/** A document's bytes, type and name, for a caller who may see its session; every download is audited. */
export async function readDocument(
  scope: Scope,
  sessionId: number,
  documentId: number,
): Promise<{ bytes: Uint8Array; type: string; name: string }> {
  const d = await db().document.findFirst({
    where: { id: documentId, sessionId, session: sessionParty(scope) },
    select: { data: true, contentType: true, name: true, session: { select: { clinicId: true } } },
  });
  if (!d) throw notFound("document");
  await recordRead(scope, "READ_DOCUMENT", d.session.clinicId, documentId);
  return { bytes: d.data, type: d.contentType, name: d.name };
}
