import { cleanBase64, headBytes, sniffImage } from "./image";

// Checks of a session document's type that both the browser form and the server run: the bytes
// decide it (magic numbers), never the name or a declared type (docs/documents.md). Apart from
// documents.ts (its zod schemas): the session pages load these without zod.

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_NAME = 200;
/**
 * What one session holds at most: its files are a week's letters, scans and photos, and without a
 * bound anyone who may attach (a client too) could fill the database for everyone, a file a request.
 */
export const MAX_SESSION_DOCUMENTS = 50;
export const MAX_SESSION_DOCUMENT_BYTES = 10 * MAX_DOCUMENT_BYTES;

/** The types a session document may be, by the extension a file of that type carries. */
export const DOCUMENT_TYPES = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[keyof typeof DOCUMENT_TYPES];
export const DOCUMENT_CONTENT_TYPES = [...new Set(Object.values(DOCUMENT_TYPES))];

/** The type of a file by its first bytes, or null when it is none of the accepted ones. */
export function sniffDocument(bytes: Uint8Array): DocumentType | null {
  if (Array.from("%PDF-", (c, i) => bytes[i] === c.charCodeAt(0)).every(Boolean)) return "application/pdf";
  const image = sniffImage(bytes);
  return image ? `image/${image}` : null;
}

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";
const isKnownExtension = (ext: string): ext is keyof typeof DOCUMENT_TYPES => Object.hasOwn(DOCUMENT_TYPES, ext);

/** A declared type as compared: lower case, without parameters; `image/jpg` is JPEG. */
const normalType = (t: string) => {
  const bare = t.split(";")[0]?.trim().toLowerCase() ?? "";
  return bare === "image/jpg" ? "image/jpeg" : bare;
};

/**
 * Why the file cannot be a document of the session (a sentence), or null: its bytes must be one of
 * the accepted types, and a declared type or a known extension of its name must say the same.
 */
export function documentTypeProblem(name: string, type: DocumentType | null, declared?: string | null): string | null {
  if (type === null) return "the file is not a PDF, PNG, JPEG, GIF or WEBP file";
  if (declared && normalType(declared) !== type) return `the file is ${type}, not ${normalType(declared)}`;
  const ext = extensionOf(name);
  if (isKnownExtension(ext) && DOCUMENT_TYPES[ext] !== type) return `the file is ${type}, but its name ends in .${ext}`;
  return null;
}

/** The name stored: the given one, with the extension of its type added when it carries none of it. */
export function storedName(name: string, type: DocumentType): string {
  const ext = extensionOf(name);
  if (isKnownExtension(ext) && DOCUMENT_TYPES[ext] === type) return name;
  const suffix = `.${type === "image/jpeg" ? "jpg" : (type.split("/")[1] ?? "")}`;
  const cut = name.slice(0, MAX_DOCUMENT_NAME - suffix.length);
  // Not half of a character outside the BMP (a lone surrogate is stored as U+FFFD).
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) + suffix;
}

/** The type the first bytes of a base64 payload say (the payload as the request schema accepted it). */
export const sniffBase64 = (data: string): DocumentType | null => {
  const b64 = cleanBase64(data);
  return b64 === null ? null : sniffDocument(headBytes(b64));
};
