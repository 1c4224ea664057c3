import { z } from "zod";
import { IdParam } from "./common";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_NAME } from "./document-type";
import { cleanBase64, decodedSize } from "./image";

// The request schemas of a session document: the file name, the base64 syntax and decoded size;
// its type is checked by document-type.ts.

export * from "./document-type";

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

/** The path of one document: the session's id and the document's. */
export const DocumentPathIds = z.object({ id: IdParam, documentId: IdParam });
