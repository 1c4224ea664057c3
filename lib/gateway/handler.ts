import "server-only";
import type { z } from "zod";
import { authenticateBearer } from "@/lib/auth/authenticate-bearer";
import type { Scope, ScopeOf } from "@/lib/auth/scope";
import { authenticateWebSession } from "@/lib/auth/web-session";
import { errorKind, isDbUnavailable, isForeignKeyViolation, isRecordNotFound, uniqueViolation } from "@/lib/db/errors";
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { log, requestLog, routeShape } from "@/lib/log";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import { checkInput } from "@/lib/gateway/check-input";
import { parseOffset, parseTimeZone } from "@/lib/gateway/offset";
import { problem } from "@/lib/gateway/problem";
import { readJson } from "@/lib/gateway/read-body";
import { notAllowed } from "@/lib/gateway/not-allowed";
import { zodFieldErrors } from "@/lib/gateway/zod-errors";
import { METHODS, type Method, type Operation } from "@/lib/operations/define";
import { allowedMethods } from "@/lib/operations";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type ScopeOfRoles<R> = R extends readonly (infer N extends Role)[] ? ScopeOf<N> : null;

export type Context<O extends Operation> = {
  req: Request;
  /** The request's id (its `X-Request-Id`), for a log line of the operation's own. */
  reqId: string;
  /** Narrowed to the declaration's roles: a lib function that needs another role fails to compile. */
  scope: ScopeOfRoles<O["roles"]>;
  body: Out<NonNullable<O["body"]>["schema"]>;
  query: Out<O["query"]>;
  params: Out<O["params"]>;
  /** The caller's UTC offset in minutes (the `offset` header; UTC when absent). */
  offset: number;
  /**
   * The offset as the request states it, null when absent: where the caller's own day is kept (a
   * submit), a request without the header does not say it is UTC.
   */
  statedOffset: number | null;
  /** The caller's IANA time zone (the `time-zone` header, where declared): local dates are read by its rules. */
  timeZone: string | null;
};

/** What a handler answers: its own Response, or the body of the declared success (sent as JSON). */
export type Result<O extends Operation> = O["ok"]["schema"] extends z.ZodType
  ? z.input<O["ok"]["schema"]> | Response
  : Response;

/**
 * What a route file's handler is called with: Next.js's params, and from the gateway's router the
 * request's path when the request itself names another (the static route, lib/gateway/router.ts).
 */
export type RouteContext = { params: Promise<Record<string, string | string[]>>; pathname?: string };
export type Handler = (req: Request, rc: RouteContext) => Promise<Response>;

/** A declared operation bound to the function that answers it (lib/gateway/routes, served by lib/gateway/router.ts). */
export type Bound = { op: Operation; handle: Handler };

/**
 * The one wrapper of every gateway operation: authenticates the bearer token and checks the roles
 * the declaration names, reads the `offset` header (and `time-zone` where declared), parses and
 * validates body, query and path with the declaration's schemas, answers the declared success
 * status, and turns every thrown error into problem+json. The work itself lives in lib/<domain>.
 */
export function gateway<const O extends Operation>(op: O, run: (ctx: Context<O>) => Promise<Result<O>>): Bound {
  const handle = (req: Request, rc: RouteContext): Promise<Response> =>
    withRequestLine(req, rc, async (reqId, url, line) => {
      try {
        const scope = op.roles ? await authenticate(req) : null;
        line.role = scope?.role;
        if (scope && !op.roles?.includes(scope.role)) {
          throw new AppError("forbidden", `this operation is not open to the ${scope.role} role`);
        }
        const statedOffset = parseOffset(req.headers.get("offset"));
        const offset = statedOffset ?? 0;
        // Read by the operations that take local dates, which declare it.
        const timeZone = op.headers?.includes("timeZone") ? parseTimeZone(req.headers.get("time-zone")) : null;
        const params = op.params ? validate(op.params, checked(await rc.params, "path"), "path") : undefined;
        const query = op.query
          ? validate(op.query, checked(queryFields(url.searchParams), "query"), "query")
          : undefined;
        const body = op.body ? validate(op.body.schema, await readJson(req, env().MAX_BODY_BYTES), "") : undefined;
        // The wrapper checks what the declaration says; the context's types say the same.
        const ctx = { req, reqId, scope, body, query, params, offset, statedOffset, timeZone } as Context<O>;
        const result = await run(ctx);
        return keptByNoCache(op, result instanceof Response ? result : json(result, op.ok.status));
      } catch (e) {
        return keptByNoCache(op, toProblem(e, reqId));
      }
    });
  return { op, handle };
}

/** The Cache-Control of every answer to a signed-in caller (an operation with roles). */
const PRIVATE_NO_STORE = "private, no-store";

/**
 * An answer to a signed-in caller is theirs alone and may carry health data: no shared cache and no
 * browser's disk cache keeps a copy, and every view is a read of the gateway, with its audit row
 * (found by the review as a privacy officer, 2026-12-06: Chromium's cache directory held a
 * session's messages and the feedback-due list's clients with their scores). An answer that says
 * its own (the tokens' `no-store`) keeps it.
 */
function keptByNoCache(op: Operation, res: Response): Response {
  if (op.roles && !res.headers.has("cache-control")) res.headers.set("cache-control", PRIVATE_NO_STORE);
  return res;
}

/** An operation answered by its own handler, outside the wrapper (liveness, tokens, this document). */
export const unwrapped = (
  op: Operation,
  handle: (req: Request, rc: RouteContext) => Promise<Response> | Response,
): Bound => ({
  op,
  handle: async (req, rc) => handle(req, rc),
});

/**
 * The exports of a route file of its own (ping, the OpenAPI document): each bound operation under
 * its method, and for every other method a 405 naming the methods the registry declares at that
 * path. Throws (at build) when an operation the registry declares at the path is not bound, or when
 * the bound operations are of different paths.
 */
export function route(...bound: [Bound, ...Bound[]]): Record<Method, Handler> {
  const path = bound[0].op.path;
  const allowed = allowedMethods(path);
  for (const b of bound) if (b.op.path !== path) throw new Error(`${b.op.operationId} is not at ${path}`);
  for (const m of allowed)
    if (!bound.some((b) => b.op.method === m)) throw new Error(`${m} ${path} is declared but not bound`);
  const others = notAllowed(...allowed);
  return Object.fromEntries(
    METHODS.map((m) => [m, bound.find((b) => b.op.method === m)?.handle ?? (() => Promise.resolve(others[m]()))]),
  ) as Record<Method, Handler>;
}

/**
 * Runs one request under its request id: the answer carries `X-Request-Id` and one log line
 * (method, route shape, status, time, role) is written for it. The gateway wrapper and the OAuth
 * operations, which answer in their own shape, share it.
 */
export async function withRequestLine(
  req: Request,
  rc: RouteContext,
  handle: (reqId: string, url: URL, line: { role?: string }) => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  const reqId = requestId(req);
  const url = new URL(req.url);
  const line: { role?: string } = {};
  const res = await handle(reqId, url, line);
  res.headers.set("x-request-id", reqId);
  requestLog.info(
    {
      reqId,
      method: req.method,
      route: routeShape(rc.pathname ?? url.pathname),
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

/**
 * The query's parameters by name, a repeated one as its values joined by commas, as the original
 * platform's framework (Spring) reads it: `status=A&status=B` is the list `status=A,B`, and a
 * repeated single value (`page=1&page=2`) fails its schema (400) instead of the last one winning
 * without a word.
 */
function queryFields(params: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of params) fields[name] = Object.hasOwn(fields, name) ? `${fields[name]},${value}` : value;
  return fields;
}

function checked<T>(value: T, where: string): T {
  checkInput(value, where);
  return value;
}

function validate(schema: z.ZodType, value: unknown, where: string) {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const errors = zodFieldErrors(r.error, where);
  const first = errors[0];
  const tooLarge = r.error.issues.some((i) => i.code === "custom" && i.params?.tooLarge === true);
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
  if (isForeignKeyViolation(e)) {
    // Expected only of a row removed meanwhile; logged, so that one from a missing check is seen.
    log.warn({ reqId, err: errorKind(e) }, "foreign key violation answered 409");
    return new AppError("conflict", "a record this request names was removed meanwhile; nothing was changed");
  }
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

/** A 201 with what was made as JSON, and its Location. */
export const created = ({ value, location }: { value: unknown; location: string }): Response =>
  json(value, 201, { location });

/** A 201 without a body, naming what was made (the contract's answer to a creation of a client or a care provider). */
export const createdAt = (location: string): Response =>
  new Response(null, { status: 201, headers: { location, "content-length": "0" } });
