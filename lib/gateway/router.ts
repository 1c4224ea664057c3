import "server-only";
import { AppError } from "@/lib/errors";
import type { Bound, Handler } from "@/lib/gateway/handler";
import { notAllowed } from "@/lib/gateway/not-allowed";
import { problem } from "@/lib/gateway/problem";
import { allowedMethods, OPERATIONS } from "@/lib/operations";
import { METHODS, type Method, type Operation } from "@/lib/operations/define";
import { BY_PATH, GATEWAY_PATH, isForwarded } from "@/lib/gateway/forwarded-path.mjs";

/** One OpenAPI path of the registry: its segments after /gateway/, and for each the name it captures (`{name}`) or null. */
type Path = {
  segments: string[];
  names: (string | null)[];
  handlers: Partial<Record<Method, Handler>>;
  others: Record<Method, () => Response>;
};

/** Serves one method: the request, its path when it is not the request's own (for the log line), and the path's segments after /gateway/. */
type Serve = (req: Request, pathname: string | undefined, segments: readonly string[]) => Promise<Response>;
/** Every method's Serve: what the two gateway route files adapt (byRouteParams, byForwardedPath). */
export type Router = Record<Method, Serve>;

const perMethod = <T>(of: (m: Method) => T) => Object.fromEntries(METHODS.map((m) => [m, of(m)])) as Record<Method, T>;
const segmentsOf = (path: string) => path.replace(/^\/gateway\//, "").split("/");
const paramName = (segment: string) => /^\{(\w+)\}$/.exec(segment)?.[1] ?? null;

/**
 * Every gateway operation but those named in `elsewhere` (which have route files of their own),
 * served by path: each bound operation under its method at its declared path, a problem+json 405
 * naming the declared methods for the others, a 404 for any path the registry does not declare. A
 * path's literal segment wins over another path's parameter (`session/assignment` before
 * `session/{id}`). Throws at load when an operation of the registry is bound twice, or neither
 * bound nor named in `elsewhere`.
 *
 * Two route files serve it (byForwardedPath, byRouteParams) rather than one per path: Turbopack
 * gives every route file its own copy of the modules they share (the wrapper, the registry and its
 * schemas; Next.js issue 89192), which held 23 copies of a 700 KB chunk in each server
 * (docs/performance.md, "One route for the gateway").
 */
export function router(bound: Bound[], elsewhere: Operation[]): Router {
  const seen = new Set<string>();
  for (const { op } of bound) {
    const key = `${op.method} ${op.path}`;
    if (seen.has(key)) throw new Error(`${key} is bound twice`);
    seen.add(key);
  }
  for (const op of OPERATIONS)
    if (!seen.has(`${op.method} ${op.path}`) && !elsewhere.includes(op))
      throw new Error(`${op.method} ${op.path} (${op.operationId}) is declared but not bound`);

  const byLength = new Map<number, Path[]>();
  for (const path of new Set(bound.map((b) => b.op.path))) {
    const segments = segmentsOf(path);
    const entry = {
      segments,
      names: segments.map(paramName),
      handlers: Object.fromEntries(bound.filter((b) => b.op.path === path).map((b) => [b.op.method, b.handle])),
      others: notAllowed(...allowedMethods(path)),
    };
    byLength.set(segments.length, [...(byLength.get(segments.length) ?? []), entry]);
  }
  // Literal segments first, position by position: "0" for a literal sorts before "1" for a parameter.
  const mask = (p: Path) => p.names.map((n) => (n ? "1" : "0")).join("");
  for (const paths of byLength.values()) paths.sort((a, b) => mask(a).localeCompare(mask(b)));

  const match = (segments: readonly string[]) => {
    for (const path of byLength.get(segments.length) ?? []) {
      if (!path.names.every((n, i) => n !== null || path.segments[i] === segments[i])) continue;
      const params: Record<string, string> = {};
      path.names.forEach((n, i) => {
        if (n) params[n] = segments[i] ?? "";
      });
      return { path, params };
    }
    return null;
  };

  const serve =
    (method: Method): Serve =>
    async (req, pathname, segments) => {
      const found = match(segments);
      if (!found) return problem(new AppError("not_found", "no such gateway operation"));
      const handle = found.path.handlers[method];
      return handle ? handle(req, { params: Promise.resolve(found.params), pathname }) : found.path.others[method]();
    };
  return perMethod(serve);
}

/** The exports of app/gateway/[[...rest]]: the path's segments as Next.js matched them. */
export const byRouteParams = (router: Router) =>
  perMethod<Handler>((m) => async (req, rc) => {
    const { rest } = await rc.params;
    return router[m](req, undefined, Array.isArray(rest) ? rest : []);
  });

/**
 * The exports of app/gateway/by-path: the path the production server named in X-Gateway-Path
 * (lib/gateway/forwarded-path.mjs). A path that server would not forward is not taken from the
 * header: where no such server is in front (`next dev`), a caller's header could name anything.
 * Reached without one, the route serves its own path, which is no operation's.
 */
export const byForwardedPath = (router: Router) =>
  perMethod<Handler>((m) => (req) => {
    const named = req.headers.get(GATEWAY_PATH);
    const pathname = named !== null && isForwarded(named) ? named : BY_PATH;
    return router[m](req, pathname, segmentsOf(pathname));
  });
