import "server-only";
import { toAppError } from "@/lib/gateway/handler";
import { oauthErrorOf } from "@/lib/gateway/oauth-error-of";

/**
 * Errors of the token operation in the RFC 6749 §5.2 shape that OAuth clients read, with the
 * problem+json members beside them so that both kinds of reader understand it.
 */
export function oauthErrorResponse(thrown: unknown, reqId?: string): Response {
  const e = toAppError(thrown, reqId);
  const { error, status, type, title } = oauthErrorOf(e.code, e.oauthError);
  const body = {
    error,
    error_description: e.detail,
    type,
    title,
    status,
    detail: e.detail,
    ...(e.errors ? { errors: e.errors } : {}),
  };
  const headers = new Headers(e.headers);
  headers.set("content-type", "application/json;charset=UTF-8");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers });
}
