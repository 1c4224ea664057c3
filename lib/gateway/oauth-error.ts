import "server-only";
import { AppError, STATUS_OF } from "@/lib/errors";
import { toProblem } from "@/lib/gateway/handler";

/**
 * Errors of the token operation in the RFC 6749 §5.2 shape that OAuth clients read, with the
 * problem+json members beside them so that both kinds of reader understand it.
 */
export async function oauthErrorResponse(e: unknown): Promise<Response> {
  if (!(e instanceof AppError)) {
    const p = toProblem(e);
    const body = await p.json();
    return oauthBody(p.status, body.status >= 500 ? "temporarily_unavailable" : "invalid_request", body, p.headers);
  }
  const error =
    e.headers?.["x-oauth-error"] ??
    (e.code === "rate_limited" ? "slow_down" : e.code === "unavailable" ? "temporarily_unavailable" : "invalid_request");
  const status = error === "invalid_grant" || e.code === "unsupported_media_type" ? 400 : STATUS_OF[e.code].status;
  const problemBody = { type: `/docs#problem-${e.code}`, title: STATUS_OF[e.code].title, status, detail: e.detail, ...(e.errors ? { errors: e.errors } : {}) };
  const headers = new Headers();
  for (const [k, v] of Object.entries(e.headers ?? {})) if (!k.startsWith("x-oauth")) headers.set(k, v);
  return oauthBody(status, error, problemBody, headers);
}

function oauthBody(status: number, error: string, problemBody: { detail: string } & Record<string, unknown>, extra: Headers) {
  const headers = new Headers(extra);
  headers.set("content-type", "application/json;charset=UTF-8");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify({ error, error_description: problemBody.detail, ...problemBody, status }), { status, headers });
}
