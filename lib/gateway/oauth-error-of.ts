import { STATUS_OF, type ErrorCode } from "@/lib/errors";

/**
 * The RFC 6749 §5.2 `error`, the status and the problem+json `type` and `title` with which the
 * token operations answer an error code: read by their answers (lib/gateway/oauth-error.ts) and by
 * the document (lib/openapi), so that the two cannot differ. `oauthError` is the one a lib function
 * chose (`invalid_grant`, ...).
 */
export function oauthErrorOf(
  code: ErrorCode,
  oauthError?: string,
): { error: string; status: number; type: string; title: string } {
  const error =
    oauthError ??
    (code === "rate_limited"
      ? "slow_down"
      : code === "unavailable" || code === "internal"
        ? "temporarily_unavailable"
        : "invalid_request");
  // RFC 6749 §5.2 answers wrong credentials and a body of another type with 400, not 401 or 415.
  const status = error === "invalid_grant" || code === "unsupported_media_type" ? 400 : STATUS_OF[code].status;
  // The problem+json members beside it (type, title) are those of the status it is answered with.
  const problem = status === STATUS_OF[code].status ? code : "bad_request";
  return { error, status, type: `/docs#problem-${problem}`, title: STATUS_OF[problem].title };
}
