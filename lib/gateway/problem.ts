import "server-only";
import { STATUS_OF, type AppError } from "@/lib/errors";

const TYPE_BASE = "/docs#problem-";

/** An RFC 9457 problem+json response. Never carries a stack trace, SQL or an internal id. */
export function problem(err: AppError): Response {
  const { status, title } = STATUS_OF[err.code];
  const body: Record<string, unknown> = { type: TYPE_BASE + err.code, title, status, detail: err.detail };
  if (err.errors?.length) body.errors = err.errors;
  const headers = new Headers({ "content-type": "application/problem+json" });
  for (const [k, v] of Object.entries(err.headers ?? {})) headers.set(k, v);
  return new Response(JSON.stringify(body), { status, headers });
}
