import "server-only";
import type { z } from "zod";
import { authenticateBearer } from "@/lib/auth/authenticate-bearer";
import type { Scope } from "@/lib/auth/scope";
import { authenticateWebSession } from "@/lib/auth/web-session";
import { errorKind, isDbUnavailable, isRecordNotFound, uniqueViolation } from "@/lib/db/errors";
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { log, routeShape } from "@/lib/log";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import { checkInput } from "@/lib/gateway/check-input";
import { parseOffset } from "@/lib/gateway/offset";
import { problem } from "@/lib/gateway/problem";
import { readJson } from "@/lib/gateway/read-body";
import { zodFieldErrors } from "@/lib/gateway/zod-errors";

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.infer<S> : undefined;

type Options<B, Q, P> = {
  /** Roles allowed; omitted means the operation needs no token. */
  roles?: readonly Role[];
  body?: B;
  query?: Q;
  params?: P;
};

export type Context<B, Q, P, Authed extends boolean> = {
  req: Request;
  scope: Authed extends true ? Scope : null;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  /** The caller's UTC offset in minutes (the `offset` header). */
  offset: number;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The one wrapper of every gateway operation: authenticates the bearer token and checks the role,
 * reads the `offset` header, parses and validates body, query and path, and turns every thrown
 * error into problem+json. The work itself lives in lib/<domain>.
 */
export function gateway<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  options: Options<B, Q, P> & { roles: readonly Role[] },
  run: (ctx: Context<B, Q, P, true>) => Promise<Response>,
): (req: Request, rc: RouteContext) => Promise<Response>;
export function gateway<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  options: Options<B, Q, P>,
  run: (ctx: Context<B, Q, P, false>) => Promise<Response>,
): (req: Request, rc: RouteContext) => Promise<Response>;
export function gateway(
  options: Options<Schema | undefined, Schema | undefined, Schema | undefined>,
  run: (ctx: Context<Schema, Schema, Schema, boolean>) => Promise<Response>,
) {
  return (req: Request, rc: RouteContext): Promise<Response> =>
    withRequestLine(req, async (reqId, url, line) => {
      try {
        const scope = options.roles ? await authenticate(req) : null;
        line.role = scope?.role;
        if (scope && !options.roles!.includes(scope.role)) {
          throw new AppError("forbidden", `this operation is not open to the ${scope.role} role`);
        }
        const offset = parseOffset(req.headers.get("offset"));
        const params = options.params ? validate(options.params, checked(await rc.params, "path"), "path") : undefined;
        const query = options.query
          ? validate(options.query, checked(Object.fromEntries(url.searchParams), "query"), "query")
          : undefined;
        const body = options.body ? validate(options.body, await readJson(req, env().MAX_BODY_BYTES), "") : undefined;
        return await run({ req, scope, body, query, params, offset });
      } catch (e) {
        return toProblem(e, reqId);
      }
    });
}

/**
 * Runs one request under its request id: the answer carries `X-Request-Id` and one log line
 * (method, route shape, status, time, role) is written for it. The gateway wrapper and the OAuth
 * operations, which answer in their own shape, share it.
 */
export async function withRequestLine(
  req: Request,
  handle: (reqId: string, url: URL, line: { role?: string }) => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  const reqId = requestId(req);
  const url = new URL(req.url);
  const line: { role?: string } = {};
  const res = await handle(reqId, url, line);
  res.headers.set("x-request-id", reqId);
  log.info(
    {
      reqId,
      method: req.method,
      route: routeShape(url.pathname),
      status: res.status,
      ms: Math.round(performance.now() - started),
      role: line.role,
    },
    "request",
  );
  return res;
}

/** The caller's X-Request-Id when it is a sane token, else a new one. */
function requestId(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[A-Za-z0-9._-]{1,100}$/.test(given) ? given : randomUUID();
}

/** A bearer token when the Authorization header is sent, else the web pages' session cookie. */
async function authenticate(req: Request): Promise<Scope> {
  const header = req.headers.get("authorization");
  if (!header) {
    const web = await authenticateWebSession(req);
    if (web) return web;
  }
  return authenticateBearer(header);
}

function checked<T>(value: T, where: string): T {
  checkInput(value, where);
  return value;
}

function validate(schema: Schema, value: unknown, where: string) {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const errors = zodFieldErrors(r.error, where);
  const first = errors[0];
  const tooLarge = r.error.issues.some((i) => (i as { params?: { tooLarge?: boolean } }).params?.tooLarge);
  throw new AppError(
    tooLarge ? "payload_too_large" : "bad_request",
    first ? `${first.path}: ${first.message}` : "invalid request",
    errors,
  );
}

/** Any thrown error as the domain's AppError: database failures get their own status. */
export function toAppError(e: unknown, reqId?: string): AppError {
  if (e instanceof AppError) return e;
  if (isDbUnavailable(e))
    return new AppError("unavailable", "the database is unavailable; nothing was changed, retry shortly", undefined, {
      "retry-after": "2",
    });
  if (uniqueViolation(e)) return new AppError("conflict", "a record with the same unique value already exists");
  if (isRecordNotFound(e)) return new AppError("not_found", "not found");
  // Only the error's kind: its message may quote the data that caused it.
  log.error({ reqId, err: errorKind(e) }, "unhandled error");
  return new AppError("internal", "an unexpected error occurred");
}

export const toProblem = (e: unknown, reqId?: string): Response => problem(toAppError(e, reqId));

/** A JSON response with the contract's content type. */
export function json(data: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json;charset=UTF-8", ...headers },
  });
}
