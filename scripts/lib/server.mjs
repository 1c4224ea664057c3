// The production server: Next.js's request handler behind node:http, so that the client's address
// comes from the connection. Under `next start` a route handler sees no socket, and Next.js fills
// X-Forwarded-For with the peer address only when the caller sent none, so any caller could name
// its own address and escape the per-address limits. Here the caller's address is put in
// X-Client-Address (lib/rate-limit) for every request: the TCP peer, or, when the peer is a proxy
// named in TRUSTED_PROXIES, the rightmost X-Forwarded-For entry that is not a trusted proxy.
// Forwarding headers from any other peer are removed before Next.js sees the request.
//
// Usage: node scripts/lib/server.mjs <port> <host>   (scripts/lib/processes.ts startNext runs it)
import { createServer } from "node:http";
import { BlockList, isIP } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import next from "next";
import pino from "pino";
import { answerCompressedStatic } from "./compressed-static.mjs";
import { routeGatewayPath } from "../../lib/gateway/forwarded-path.mjs";
import { answerMalformedPath } from "./malformed-path.mjs";

/** TRUSTED_PROXIES: addresses and CIDRs separated by commas or spaces; empty means none. */
export function trustedProxies(value = "") {
  const list = new BlockList();
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= (family === 4 ? 32 : 128))) ||
      prefix === ""
    ) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8, ::1)`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits !== undefined && tooWide(address, bits, type)) {
      throw new Error(
        `TRUSTED_PROXIES: "${entry}" trusts too many addresses to be proxies (the widest allowed: /8 for IPv4, /16 for IPv6, /104 within ::ffff:0:0/96)`,
      );
    }
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

// A range that wide holds callers, not proxies: each of them could name its own address again.
// IPv4 peers are also checked against IPv6 ranges as ::ffff:a.b.c.d, so an IPv6 range reaching
// into ::ffff:0:0/96 is held to the IPv4 bound there (/104 = IPv4 /8).
const MAPPED_V4 = new BlockList();
MAPPED_V4.addSubnet("::ffff:0:0", 96, "ipv6");
function tooWide(address, bits, type) {
  if (type === "ipv4") return bits < 8;
  if (bits < 16) return true;
  if (bits >= 104) return false;
  const range = new BlockList();
  range.addSubnet(address, bits, "ipv6");
  return range.check("::ffff:0:0", "ipv6") || MAPPED_V4.check(address, "ipv6");
}

// Whoever holds an IPv6 address usually holds its whole /64 (RFC 7421), so that is what the
// per-address limits count: written as "2001:db8:1:2::/64".
function ipv6Network64(address) {
  const [head = "", tail] = address.split("%")[0].toLowerCase().split("::");
  const groups = (part) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? dottedToGroups(g) : [g])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  // The URL standard writes an IPv6 address in its one canonical form (RFC 5952).
  return `${new URL(
    `http://[${all
      .slice(0, 4)
      .map((g) => parseInt(g, 16).toString(16))
      .join(":")}::]`,
  ).hostname.slice(1, -1)}/64`;
}
const dottedToGroups = (v4) => {
  const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
};

// IPv4 peers of a dual-stack socket come as ::ffff:a.b.c.d.
const plain = (address) =>
  address.toLowerCase().startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
const isTrusted = (list, address) => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
};

const bucket = (address) => (isIP(address.split("%")[0]) === 6 ? ipv6Network64(address) : address);

/**
 * The caller's address for a request from `peer` carrying `forwardedFor` (X-Forwarded-For, possibly
 * repeated); for IPv6, its /64.
 */
export function clientAddressOf(peer, forwardedFor, trusted) {
  let client = plain(peer ?? "") || "unknown";
  if (!isTrusted(trusted, client) || !forwardedFor) return bucket(client);
  const hops = [forwardedFor]
    .flat()
    .join(",")
    .split(",")
    .map((s) => plain(s.trim()))
    .filter(Boolean);
  // Right to left: each trusted proxy appended the address it received the request from.
  for (let i = hops.length - 1; i >= 0; i--) {
    client = hops[i];
    if (!isTrusted(trusted, client)) break;
  }
  return bucket(client).slice(0, 100);
}

// What only a proxy may say about the request: the caller's address, and the scheme and host the
// browser used (HSTS, upgrade-insecure-requests and the web session's Origin check read those).
const FORWARDING = [
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-forwarded-port",
  "forwarded",
  "x-real-ip",
];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port = "3000", hostname = "127.0.0.1"] = process.argv.slice(2);
  // Node's warnings as JSON lines like the rest of the log, not the text Node writes by default: under
  // Node 24, next-auth's openid-client calling url.parse makes one. Name, code and message only.
  const warnings = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination(2));
  process.removeAllListeners("warning");
  process.on("warning", ({ name, code, message }) =>
    warnings.warn({ name, code, warning: message }, "process warning"),
  );
  let trusted;
  try {
    trusted = trustedProxies(process.env.TRUSTED_PROXIES);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
  const root = path.resolve(import.meta.dirname, "../..");
  const staticDir = path.join(root, ".next", "static");
  const app = next({ dev: false, dir: root, hostname, port: Number(port) });
  await app.prepare();
  const handle = app.getRequestHandler();
  // The pages (HTML, and the data of client navigations) compressed. The gateway and next-auth do not
  // even pass through the middleware, which changes how any answer it wraps is framed (an empty 201
  // lost its content-length 0): their headers are the contract's.
  const compressPages = compression();
  const uncompressed = (url = "") => /^\/(gateway|api)(\/|\?|$)/.test(url);
  const server = createServer((req, res) => {
    const peer = req.socket.remoteAddress ?? "";
    req.headers["x-client-address"] = clientAddressOf(peer, req.headers["x-forwarded-for"], trusted);
    if (!isTrusted(trusted, plain(peer))) for (const h of FORWARDING) Reflect.deleteProperty(req.headers, h);
    if (answerMalformedPath(req, res)) return;
    routeGatewayPath(req);
    void answerCompressedStatic(req, res, staticDir).then(
      (answered) =>
        answered || (uncompressed(req.url) ? handle(req, res) : compressPages(req, res, () => void handle(req, res))),
      () => res.destroy(),
    );
  });
  server.listen(Number(port), hostname, () => console.log(`Ready on http://${hostname}:${port}`));
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
}
