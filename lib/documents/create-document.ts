import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { type Insertable, sql } from "kysely";
import { NOW_SQL } from "@/lib/db/database-clock";
import { db } from "@/lib/db/prisma";
import { sqlBuilder } from "@/lib/db/sql";
import type { Document } from "@/lib/generated/kysely/database";
import { DOCUMENT_SELECT, documentRow, mapDocument } from "@/lib/documents/document-json";
import { documentPath } from "@/lib/documents/document-path";
import { sessionParty } from "@/lib/sessions/session-party";
import { AppError, notFound } from "@/lib/errors";
import { runIdempotent } from "@/lib/idempotency/run-idempotent";
import { base64Bytes } from "@/lib/schemas/image";
import {
  MAX_SESSION_DOCUMENT_BYTES,
  MAX_SESSION_DOCUMENTS,
  documentTypeProblem,
  sniffBase64,
  storedName,
  type DocumentUploadInput,
} from "@/lib/schemas/documents";
import type { SessionDocumentBody } from "@/lib/schemas/session";

type Options = { offset: number; idempotencyKey: string | null };

const MIB = 1024 * 1024;
const sessionFull = () => {
  const message = `the session holds its most documents (${String(MAX_SESSION_DOCUMENTS)} files, ${String(MAX_SESSION_DOCUMENT_BYTES / MIB)} MB in all)`;
  return new AppError("conflict", message, [{ path: "session", message }]);
};

// Its time is the database's now, after the session's lock (lib/db/database-clock.ts).
const insertDocumentQuery = (row: Omit<Insertable<Document>, "createdAt">) =>
  sqlBuilder
    .insertInto("Document")
    .values({ ...row, createdAt: sql.raw<Date>(NOW_SQL) })
    .returning("id")
    .compile();

/**
 * Attaches a file to a session the caller may see (document-scope.ts). The bytes decide the type
 * (415 when they are not an accepted one, or disagree with the declared type or the name's
 * extension); a closed session takes no more documents (409). One transaction; on any refusal
 * nothing is stored.
 */
export async function createDocument(
  scope: Scope,
  sessionId: number,
  input: DocumentUploadInput,
  { offset, idempotencyKey }: Options,
): Promise<{ location: string; document: SessionDocumentBody }> {
  const type = sniffBase64(input.data);
  const problem = documentTypeProblem(input.name, type, input.contentType);
  const data = base64Bytes(input.data);
  if (problem || type === null || data === null) {
    throw new AppError("unsupported_media_type", problem ?? "the file is not of an accepted type", [
      { path: "data", message: problem ?? "not an accepted type" },
    ]);
  }
  const { value, location } = await runIdempotent(
    scope.accountId,
    idempotencyKey,
    { operation: "createDocument", body: { sessionId, ...input } },
    {
      create: async (tx, run) => {
        // Scope first, so nobody outside it can lock the row; then the lock every lifecycle write
        // takes (session-lock.ts), so that a close cannot slip between this check and the insert;
        // posts to the session's conversation take the same lock and wait for the upload.
        const inScope = await tx.session.count({ where: { AND: [{ id: sessionId }, sessionParty(scope)] } });
        const [visible] = inScope
          ? await tx.$queryRaw<{ closedAt: Date | null }[]>`
              select "closedAt" from "Session" where id = ${sessionId} for no key update`
          : [];
        if (!visible) throw notFound("session");
        if (visible.closedAt) throw new AppError("conflict", "the session is closed; it takes no more documents");
        // Under the session's lock, so two uploads at once cannot both pass the bound.
        const [held] = await tx.$queryRaw<{ count: number; bytes: number }[]>`
          select count(*)::int as count, coalesce(sum(size), 0)::float8 as bytes
            from "Document" where "sessionId" = ${sessionId}`;
        if (held && (held.count >= MAX_SESSION_DOCUMENTS || held.bytes + data.byteLength > MAX_SESSION_DOCUMENT_BYTES))
          throw sessionFull();
        // The bytes through pg, on the transaction's connection: Prisma would copy them to base64
        // and through JSON and back (lib/db/prisma.ts, `transaction`).
        const [inserted] = await run(
          "insert-document",
          insertDocumentQuery({
            sessionId,
            name: storedName(input.name, type),
            contentType: type,
            size: data.byteLength,
            data,
            uploadedByAccountId: scope.accountId,
          }),
        );
        if (!inserted) throw new Error("the document's insert returned no row");
        const created = await tx.document.findUniqueOrThrow({ where: { id: inserted.id }, select: DOCUMENT_SELECT });
        return { location: documentPath(sessionId, created.id), value: mapDocument(documentRow(created), offset) };
      },
      replay: async (at) => {
        const id = Number(at.split("/").pop());
        // The same scope as the first time: someone who left the care team since gets 404.
        const d = await db().document.findFirst({
          where: { id, sessionId, session: sessionParty(scope) },
          select: DOCUMENT_SELECT,
        });
        if (!d) throw notFound("session");
        return mapDocument(documentRow(d), offset);
      },
    },
  );
  return { location, document: value };
}
