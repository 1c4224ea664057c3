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
import next from "next";
import { answerMalformedPath } from "./malformed-path.mjs";

/** TRUSTED_PROXIES: addresses and CIDRs separated by commas or spaces; empty means none. */
export function trustedProxies(value = "") {
  const list = new BlockList();
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (!family || extra !== undefined || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= (family === 4 ? 32 : 128)) || prefix === "")) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8, ::1)`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

// IPv4 peers of a dual-stack socket come as ::ffff:a.b.c.d.
const plain = (address) => (address.toLowerCase().startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address);
const isTrusted = (list, address) => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
};

/** The caller's address for a request from `peer` carrying `forwardedFor` (X-Forwarded-For, possibly repeated). */
export function clientAddressOf(peer, forwardedFor, trusted) {
  let client = plain(peer ?? "") || "unknown";
  if (!isTrusted(trusted, client) || !forwardedFor) return client;
  const hops = [forwardedFor].flat().join(",").split(",").map((s) => plain(s.trim())).filter(Boolean);
  // Right to left: each trusted proxy appended the address it received the request from.
  for (let i = hops.length - 1; i >= 0; i--) {
    client = hops[i];
    if (!isTrusted(trusted, client)) break;
  }
  return client.slice(0, 100);
}

const FORWARDING = ["x-forwarded-for", "forwarded", "x-real-ip"];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port = "3000", hostname = "127.0.0.1"] = process.argv.slice(2);
  let trusted;
  try {
    trusted = trustedProxies(process.env.TRUSTED_PROXIES);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
  const app = next({ dev: false, dir: path.resolve(import.meta.dirname, "../.."), hostname, port: Number(port) });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => {
    const peer = req.socket.remoteAddress ?? "";
    req.headers["x-client-address"] = clientAddressOf(peer, req.headers["x-forwarded-for"], trusted);
    if (!isTrusted(trusted, plain(peer))) for (const h of FORWARDING) delete req.headers[h];
    if (answerMalformedPath(req, res)) return;
    void handle(req, res);
  });
  server.listen(Number(port), hostname, () => console.log(`Ready on http://${hostname}:${port}`));
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
}
