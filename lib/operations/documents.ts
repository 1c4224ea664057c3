import { PageQuery, PathId, pageOf } from "@/lib/schemas/common";
import {
  DOCUMENT_CONTENT_TYPES,
  DocumentPathIds,
  DocumentUploadRequest,
  MAX_DOCUMENT_BYTES,
  MAX_SESSION_DOCUMENT_BYTES,
  MAX_SESSION_DOCUMENTS,
} from "@/lib/schemas/documents";
import { SessionDocument } from "@/lib/schemas/session";
import { defineOperation } from "./define";
import { EX, pageExample } from "./examples";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

// The documents of a session (docs/documents.md): the client, its care team and the clinic's staff
// (an institute for its clinics) attach and download files; the bytes decide the type.

const SESSION_PEOPLE = ["CLIENT", "CAREGIVER", "CLINIC", "INSTITUTE"] as const;

const documentExample = {
  id: 5120,
  name: "sleep-plan.pdf",
  contentType: "application/pdf",
  size: 48213,
  createDate: EX.date,
  uploadedByRole: "CAREGIVER",
  uploadedByName: EX.caregiverName,
};

export const createDocument = defineOperation({
  operationId: "createDocument",
  method: "POST",
  path: "/gateway/profile/session/{id}/document",
  tag: "Documents",
  summary: "Attach a document to a session",
  description:
    `For the session's client, a caregiver on the client's care team, the staff of the session's clinic, or its institute. ` +
    `PDF, PNG, JPEG, GIF or WEBP, at most ${MAX_DOCUMENT_BYTES} bytes decoded; the bytes decide the type. ` +
    "A name without the extension of its type gets it added. A closed session takes no more documents.",
  roles: SESSION_PEOPLE,
  headers: ["offset", "idempotencyKey"],
  params: PathId,
  body: {
    schema: DocumentUploadRequest,
    example: { name: "sleep-plan.pdf", data: "JVBERi0xLjcKJeLjz9MK", contentType: "application/pdf" },
  },
  ok: {
    status: 201,
    description: "The stored document",
    schema: SessionDocument,
    headers: { location: "Its download, /gateway/profile/session/<id>/document/<documentId>" },
    example: documentExample,
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict"],
  errorNotes: {
    not_found: "Unknown session, or one outside the caller's scope",
    conflict: `The session is closed, or holds as many documents as it may (${MAX_SESSION_DOCUMENTS} files, ${MAX_SESSION_DOCUMENT_BYTES} bytes in all: an error at \`session\`), or an Idempotency-Key reused with another body`,
    payload_too_large: `The file is over ${MAX_DOCUMENT_BYTES} bytes decoded (or the body over the body limit)`,
    unsupported_media_type:
      "The body is not JSON, or the file's bytes are not PDF, PNG, JPEG, GIF or WEBP, or disagree with `contentType` or the name's extension",
  },
});

export const listDocuments = defineOperation({
  operationId: "listDocuments",
  method: "GET",
  path: "/gateway/profile/session/{id}/document",
  tag: "Documents",
  summary: "List a session's documents",
  description:
    "Oldest first; names, types and sizes (never the bytes). The same people as attaching. A page that lists any leaves the session's `READ_SESSION` audit row (a name can say what a file is about).",
  roles: SESSION_PEOPLE,
  headers: ["offset"],
  params: PathId,
  query: PageQuery,
  ok: {
    status: 200,
    description: "A page of the session's documents",
    schema: pageOf(SessionDocument),
    example: pageExample(documentExample),
  },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: { not_found: "Unknown session, or one outside the caller's scope" },
});

export const readDocument = defineOperation({
  operationId: "readDocument",
  method: "GET",
  path: "/gateway/profile/session/{id}/document/{documentId}",
  tag: "Documents",
  summary: "Download a document",
  description:
    "The stored bytes with their type, as an attachment (`Content-Disposition` carries the name). Every download is written to the clinic's audit log (`READ_DOCUMENT`).",
  roles: SESSION_PEOPLE,
  params: DocumentPathIds,
  ok: {
    status: 200,
    description: "The document's bytes",
    contentTypes: DOCUMENT_CONTENT_TYPES,
    example: "(the file's bytes, as stored)",
    headers: {
      "content-disposition": "attachment; filename*=UTF-8''<name>",
      "x-content-type-options": "nosniff",
    },
  },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: {
    not_found: "Unknown session or document, the document of another session, or one outside the caller's scope",
  },
});
