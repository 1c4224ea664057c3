import "server-only";
import { isUtf8 } from "node:buffer";
import { AppError } from "@/lib/errors";
import { checkInput } from "@/lib/gateway/check-input";
import { parseJsonBytes } from "@/lib/gateway/parse-json";

/**
 * Reads a request body as text, refusing it (413) as soon as it passes `limit` bytes, so an
 * oversized body is never buffered whole.
 */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  return (await readBodyBytes(req, limit)).toString("utf8");
}

/** The bytes of a request body that is UTF-8 text, refused as `readBodyText` says. */
async function readBodyBytes(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks, size);
  if (!isUtf8(bytes)) throw new AppError("bad_request", "the request body is not valid UTF-8");
  return bytes;
}

const tooLarge = (limit: number) => new AppError("payload_too_large", `the request body is larger than ${limit} bytes`);

/** Parses a JSON body of a request that must be `application/json` (415 otherwise). */
export async function readJson(req: Request, limit: number): Promise<unknown> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !/^application\/[a-z0-9.+-]*\+json$/.test(type)) {
    throw new AppError("unsupported_media_type", "the request body must be application/json");
  }
  const bytes = await readBodyBytes(req, limit);
  let value: unknown;
  try {
    value = parseJsonBytes(bytes);
  } catch {
    if (bytes.toString("utf8").trim() === "")
      throw new AppError("bad_request", "the request body is empty; a JSON object is required");
    throw new AppError("bad_request", "the request body is not valid JSON");
  }
  checkInput(value);
  return value;
}
