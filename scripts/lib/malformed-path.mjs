// A request whose path has malformed %-encoding (%FF, %C0, %E0%A4%A, an encoded lone surrogate)
// names nothing: Next.js fails to decode it into route parameters and answers a bare 500 before any
// of our code runs, with no log line. The server answers it itself, before Next.js: a 400 in the
// gateway's problem+json shape under /gateway, a plain page elsewhere, and one request line with
// the fields of the gateway's (lib/gateway/handler.ts withRequestLine).
import { randomUUID } from "node:crypto";

const decodes = (s) => {
  try {
    decodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

// As lib/log.ts routeShape: ids as ":id"; a segment that does not decode is not logged either.
const routeShapeOf = (pathname) =>
  pathname
    .split("/")
    .map((s) => (/^\d+$/.test(s) ? ":id" : decodes(s) ? s : ":malformed"))
    .join("/")
    .slice(0, 200);

// As lib/env.ts MAX_BODY_BYTES (this module runs before the app's environment is parsed).
const BODY_LIMIT = Number(process.env.MAX_BODY_BYTES) > 0 ? Number(process.env.MAX_BODY_BYTES) : 8 * 1024 * 1024;

const LOCKED_DOWN = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
};

/** Answers the request and returns true when its path (query aside) is not valid %-encoded UTF-8. */
export function answerMalformedPath(req, res) {
  const started = performance.now();
  const pathname = (req.url ?? "/").split(/[?#]/, 1)[0] ?? "/";
  if (decodes(pathname)) return false;
  const given = req.headers["x-request-id"];
  const reqId = typeof given === "string" && /^[A-Za-z0-9._-]{1,100}$/.test(given) ? given : randomUUID();
  const gateway = pathname === "/gateway" || pathname.startsWith("/gateway/");
  const detail = "the request path has malformed %-encoding";
  const body = gateway
    ? JSON.stringify({ type: "/docs#problem-bad_request", title: "Bad Request", status: 400, detail })
    : `400 Bad Request: ${detail}.\n`;
  const answer = () => {
    if (res.headersSent) return;
    res.writeHead(400, {
      ...LOCKED_DOWN,
      "content-type": gateway ? "application/problem+json" : "text/plain; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "x-request-id": reqId,
      connection: "close",
    });
    res.end(body);
    const line = {
      level: 30,
      time: new Date().toISOString(),
      reqId,
      method: req.method,
      route: routeShapeOf(pathname),
      status: 400,
      ms: Math.round(performance.now() - started),
      msg: "request",
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
  // The body is read (and dropped) before the answer: closing a socket the client is still writing
  // to makes it see a broken pipe instead of the 400. Past the body limit the answer comes at once
  // and the connection closes, as for any body too large.
  let seen = 0;
  req.on("data", (chunk) => {
    seen += chunk.length;
    if (seen > BODY_LIMIT) {
      answer();
      req.destroy();
    }
  });
  req.on("end", answer);
  req.on("error", () => {});
  req.resume();
  return true;
}
