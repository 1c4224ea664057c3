// The one error type of the domain. Domain code throws it with a code; the gateway maps the code
// to an HTTP status and a problem+json body. Nothing in lib/<domain> knows about HTTP.
export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unprocessable"
  | "rate_limited"
  | "bad_gateway"
  | "unavailable"
  | "internal";

/**
 * The one table of error codes: each code's HTTP status, title and what it means. The gateway's
 * answers, the OpenAPI document and the error table of /docs all read it.
 */
export const STATUS_OF: Record<
  ErrorCode,
  {
    status: number;
    title: string;
    description: string;
    /** Response headers every answer of this code carries (RFC 9110), by name: their description. */
    headers?: Record<string, string>;
  }
> = {
  bad_request: {
    status: 400,
    title: "Bad Request",
    description: "Malformed JSON, wrong field types, a bad header or an invalid value; `errors` names the fields",
  },
  unauthorized: {
    status: 401,
    title: "Unauthorized",
    description: "Missing, malformed, expired or revoked token (`WWW-Authenticate: Bearer`)",
    headers: {
      "WWW-Authenticate":
        'The challenge: `Bearer realm="gateway"` with the token\'s error for the operations behind a token; `SSO realm="institute"` for single sign-on, whose credentials are the body\'s apiKey, clientId and code',
    },
  },
  forbidden: { status: 403, title: "Forbidden", description: "Authenticated, but the role may not use this operation" },
  not_found: { status: 404, title: "Not Found", description: "Unknown id, or one outside the caller's scope" },
  method_not_allowed: {
    status: 405,
    title: "Method Not Allowed",
    description: "The path exists but not with this method; `Allow` names the methods it answers",
  },
  conflict: {
    status: 409,
    title: "Conflict",
    description:
      "A duplicate in the clinic, an Idempotency-Key reused with another body, or a transition the current state does not allow",
  },
  payload_too_large: { status: 413, title: "Payload Too Large", description: "The body is over the size limit" },
  unsupported_media_type: {
    status: 415,
    title: "Unsupported Media Type",
    description: "The body is not of the content type the operation reads",
  },
  unprocessable: {
    status: 422,
    title: "Unprocessable Content",
    description: "Well-formed, but names a caregiver, design plan or book that does not exist in the clinic",
  },
  rate_limited: {
    status: 429,
    title: "Too Many Requests",
    description: "Rate limited; see Retry-After",
    headers: { "Retry-After": "Seconds until the limit lets a request through" },
  },
  bad_gateway: { status: 502, title: "Bad Gateway", description: "The identity provider failed or answered garbage" },
  unavailable: {
    status: 503,
    title: "Service Unavailable",
    description: "The database is unavailable; nothing was changed; see Retry-After",
    headers: { "Retry-After": "Seconds after which a retry may succeed" },
  },
  internal: {
    status: 500,
    title: "Internal Server Error",
    description: "An unexpected error; the body never carries internals",
  },
};

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** The RFC 6749 §5.2 `error` code, where the token operation answers this error. */
    readonly oauthError?: string,
  ) {
    super(detail);
    this.name = "AppError";
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);

/** A 409: the current state does not allow the change; with `path`, a field's error too. */
export const conflict = (detail: string, path?: string) =>
  new AppError("conflict", detail, path ? [{ path, message: detail }] : undefined);

export const fieldError = (code: ErrorCode, path: string, message: string) =>
  new AppError(code, message, [{ path, message }]);
