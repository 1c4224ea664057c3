import "server-only";
import { isUtf8 } from "node:buffer";
import { AppError } from "@/lib/errors";
import { checkInput } from "@/lib/gateway/check-input";

/**
 * Reads a request body as text, refusing it (413) as soon as it passes `limit` bytes, so an
 * oversized body is never buffered whole.
 */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  if (!req.body) return "";
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
  return bytes.toString("utf8");
}

const tooLarge = (limit: number) => new AppError("payload_too_large", `the request body is larger than ${limit} bytes`);

/** Parses a JSON body of a request that must be `application/json` (415 otherwise). */
export async function readJson(req: Request, limit: number): Promise<unknown> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !/^application\/[a-z0-9.+-]*\+json$/.test(type)) {
    throw new AppError("unsupported_media_type", "the request body must be application/json");
  }
  const text = await readBodyText(req, limit);
  if (text.trim() === "") throw new AppError("bad_request", "the request body is empty; a JSON object is required");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "the request body is not valid JSON");
  }
  checkInput(value);
  return value;
}
