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

export const STATUS_OF: Record<ErrorCode, { status: number; title: string }> = {
  bad_request: { status: 400, title: "Bad Request" },
  unauthorized: { status: 401, title: "Unauthorized" },
  forbidden: { status: 403, title: "Forbidden" },
  not_found: { status: 404, title: "Not Found" },
  method_not_allowed: { status: 405, title: "Method Not Allowed" },
  conflict: { status: 409, title: "Conflict" },
  payload_too_large: { status: 413, title: "Payload Too Large" },
  unsupported_media_type: { status: 415, title: "Unsupported Media Type" },
  unprocessable: { status: 422, title: "Unprocessable Content" },
  rate_limited: { status: 429, title: "Too Many Requests" },
  bad_gateway: { status: 502, title: "Bad Gateway" },
  unavailable: { status: 503, title: "Service Unavailable" },
  internal: { status: 500, title: "Internal Server Error" },
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
