// The gateway's operations reach Next.js through a static route. Next.js 16 pays for a route with a
// parameter (app/gateway/[[...rest]]) on every request: it finds it among the dynamic routes, then
// builds its regular expression and matcher again (getServerUtils, prefixRouteKeys) and its params.
// A handler answering "pong" served 0.80 to 0.90 as many requests a second through such a route as
// through a static one, about 0.15 to 0.2 ms of the server's CPU per request (docs/performance.md,
// "The gateway's static route"). So this server hands every operation's path to the static route
// app/gateway/by-path and names the path in X-Gateway-Path (lib/gateway/router.ts reads both names,
// written out again there since lib/ cannot import this script). Any other path under /gateway
// (a trailing slash, %-encoding, /gateway/health) goes to the dynamic route as before, which the
// same router serves, and so does every path where this server is not in front (`next dev`): the
// rule decides how fast a path is served, never what answers it.
const GATEWAY_PATH = "x-gateway-path";
const BY_PATH = "/gateway/by-path";

// The contract's two namespaces, in segments that need no decoding and that Next.js would not
// redirect or normalise.
const OPERATION_PATH = /^\/gateway\/(?:profile|uaa)(?:\/[A-Za-z0-9_-]+)+$/;

/** Points an operation's request at the static route; drops any X-Gateway-Path the caller sent. */
export function routeGatewayPath(req) {
  Reflect.deleteProperty(req.headers, GATEWAY_PATH);
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!OPERATION_PATH.test(pathname)) return;
  req.headers[GATEWAY_PATH] = pathname;
  req.url = q < 0 ? BY_PATH : BY_PATH + url.slice(q);
}
