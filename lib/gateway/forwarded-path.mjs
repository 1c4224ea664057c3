// The gateway's operations reach Next.js through a static route. Next.js 16 pays for a route with a
// parameter (app/gateway/[[...rest]]) on every request: it finds it among the dynamic routes, then
// builds its regular expression and matcher again (getServerUtils, prefixRouteKeys) and its params.
// A handler answering "pong" served 0.80 to 0.90 as many requests a second through such a route as
// through a static one, about 0.15 to 0.2 ms of the server's CPU per request (docs/performance.md,
// "The gateway's static route"). So the production server (scripts/lib/server.mjs) hands every
// operation's path to the static route app/gateway/by-path and names the path in X-Gateway-Path,
// which lib/gateway/router.ts reads. Any other path under /gateway (a trailing slash, %-encoding,
// /gateway/health) goes to the dynamic route as before, which the same router serves, and so does
// every path where that server is not in front (`next dev`): the rule decides how fast a path is
// served, never what answers it. Plain JavaScript, since that server runs without a compiler.
export const GATEWAY_PATH = "x-gateway-path";
export const BY_PATH = "/gateway/by-path";

// The contract's two namespaces, in segments that need no decoding and that Next.js would not
// redirect or normalise.
const OPERATION_PATH = /^\/gateway\/(?:profile|uaa)(?:\/[A-Za-z0-9_-]+)+$/;

/** Whether a path is one the production server forwards (and the static route serves). */
export const isForwarded = (pathname) => OPERATION_PATH.test(pathname);

/** Points an operation's request at the static route; drops any X-Gateway-Path the caller sent. */
export function routeGatewayPath(req) {
  Reflect.deleteProperty(req.headers, GATEWAY_PATH);
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!isForwarded(pathname)) return;
  req.headers[GATEWAY_PATH] = pathname;
  req.url = q < 0 ? BY_PATH : BY_PATH + url.slice(q);
}
