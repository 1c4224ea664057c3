import { z } from "zod";
import { IdParam } from "./common";
import { cleanBase64, decodedSize, headBytes, sniffImage } from "./image";

// Checks of a session document that both the browser form and the server run: the file name, the
// base64 syntax and decoded size, and the type, which the bytes decide (magic numbers), never the
// name or a declared type (docs/documents.md).

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_NAME = 200;

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
  return name.slice(0, MAX_DOCUMENT_NAME - suffix.length) + suffix;
}

// C0/C1 controls, and the bidirectional overrides that can make "exe.pdf" read as "fdp.exe".
const UNSAFE_CHARS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const DocumentName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MAX_DOCUMENT_NAME, `at most ${MAX_DOCUMENT_NAME} characters`)
  .refine((n) => !/[/\\]/.test(n), "a file name, without folders (no / or \\)")
  .refine((n) => !UNSAFE_CHARS.test(n), "must not contain control characters")
  .refine((n) => !/^\.+$/.test(n), "must be a file name")
  .describe(`The file's name (at most ${MAX_DOCUMENT_NAME} characters, no folders or control characters).`);

export const DocumentUploadRequest = z
  .object({
    name: DocumentName,
    data: z
      .string()
      .min(1, "must not be empty")
      .describe(
        `Base64 of the file (at most ${MAX_DOCUMENT_BYTES} bytes decoded); a data:...;base64, prefix is accepted. PDF, PNG, JPEG, GIF or WEBP, as the bytes say.`,
      ),
    contentType: z
      .string()
      .max(100, "at most 100 characters")
      .nullish()
      .describe("Optional; when given it must be the type the bytes are (else 415)."),
  })
  .superRefine((v, ctx) => {
    const b64 = cleanBase64(v.data);
    if (b64 === null) {
      ctx.addIssue({ code: "custom", path: ["data"], message: "is not valid base64" });
      return;
    }
    const size = decodedSize(b64);
    if (size === 0) ctx.addIssue({ code: "custom", path: ["data"], message: "the file is empty" });
    if (size > MAX_DOCUMENT_BYTES) {
      ctx.addIssue({
        code: "custom",
        path: ["data"],
        message: `the file is larger than ${MAX_DOCUMENT_BYTES} bytes`,
        params: { tooLarge: true },
      });
    }
  })
  .meta({ id: "DocumentUploadRequest" });

export type DocumentUploadInput = z.infer<typeof DocumentUploadRequest>;

/** The type the first bytes of a base64 payload say (the payload as the request schema accepted it). */
export const sniffBase64 = (data: string): DocumentType | null => {
  const b64 = cleanBase64(data);
  return b64 === null ? null : sniffDocument(headBytes(b64));
};

/** The path of one document: the session's id and the document's. */
export const DocumentPathIds = z.object({ id: IdParam, documentId: IdParam });
