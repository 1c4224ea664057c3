import "server-only";
import { AppError } from "@/lib/errors";
import { checkInput } from "@/lib/gateway/check-input";
import { readBodyText } from "@/lib/gateway/read-body";
import { zodFieldErrors } from "@/lib/gateway/zod-errors";
import { TokenRequest } from "@/lib/schemas/token";
import type { z } from "zod";

/**
 * The fields of an OAuth operation (token, revoke), from a form body (RFC 6749), a JSON body (its
 * string members), or query parameters as in the original platform's documentation. Body fields
 * win over query parameters. A body of another type, or of none, is read as a form where
 * `unlabelled` says so (revoke always was: a logout's `fetch` sends `token=…` as text/plain, and
 * refusing it would leave the token alive), else refused.
 */
export async function readOAuthFields(
  req: Request,
  maxBytes: number,
  unlabelled: "form" | "refuse",
): Promise<Record<string, string>> {
  const fields: Record<string, string> = Object.fromEntries(new URL(req.url).searchParams);
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const text = await readBodyText(req, maxBytes);
  if (text.trim()) {
    if (type === "application/x-www-form-urlencoded" || (type !== "application/json" && unlabelled === "form"))
      Object.assign(fields, Object.fromEntries(new URLSearchParams(text)));
    else if (type === "application/json") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new AppError("bad_request", "the request body is not valid JSON");
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
        throw new AppError("bad_request", "the body must be an object");
      for (const [k, v] of Object.entries(parsed)) if (typeof v === "string") fields[k] = v;
    } else throw new AppError("unsupported_media_type", "the body must be application/x-www-form-urlencoded or JSON");
  }
  checkInput(fields);
  return fields;
}

/** The token operation's request, from its fields (readOAuthFields). */
export async function readTokenRequest(req: Request): Promise<z.infer<typeof TokenRequest>> {
  const fields = await readOAuthFields(req, 64 * 1024, "refuse");
  if (!fields.grant_type)
    throw new AppError("bad_request", "grant_type is required", [{ path: "grant_type", message: "is required" }]);
  if (fields.grant_type !== "password" && fields.grant_type !== "refresh_token") {
    throw new AppError(
      "bad_request",
      `grant_type ${fields.grant_type} is not supported`,
      undefined,
      undefined,
      "unsupported_grant_type",
    );
  }
  const r = TokenRequest.safeParse(fields);
  if (!r.success) {
    const errors = zodFieldErrors(r.error);
    throw new AppError("bad_request", `${errors[0]?.path}: ${errors[0]?.message}`, errors);
  }
  return r.data;
}
