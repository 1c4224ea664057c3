import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "@/scripts/lib/processes";
import { anotherInstance } from "./support/another-instance";
import { freshLoopback, httpFrom, webSignInFrom } from "./support/from-address";
import { makeWorld } from "./support/world";

// What a reverse proxy says about the request (X-Forwarded-Proto, -Host) counts only when the TCP
// peer is a proxy named in TRUSTED_PROXIES, as X-Forwarded-For does (found by the review as an
// operator deploying it, 2026-12-06: any caller over plain HTTP could ask for HSTS, and the web
// session's Origin check compared with a host the caller named). 127.0.0.1 is the trusted proxy
// here; a fresh 127.x.y.z is a caller reaching the server directly.
const PROXY = "127.0.0.1";
let server: RunningServer;
beforeAll(async () => {
  server = await anotherInstance({ TRUSTED_PROXIES: PROXY });
}, 120_000);
afterAll(() => (server as RunningServer | undefined)?.stop());

const overTls = { "x-forwarded-proto": "https" };

describe("the proxy's X-Forwarded-Proto", () => {
  it("gives HSTS and upgrade-insecure-requests when the trusted proxy says the request came over TLS", async () => {
    const r = await httpFrom(PROXY, `${server.url}/signin`, { headers: overTls });
    expect(r.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(r.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  });

  it("is not believed from a caller that is no trusted proxy", async () => {
    const r = await httpFrom(freshLoopback(), `${server.url}/signin`, { headers: overTls });
    expect(r.status).toBe(200);
    expect(r.headers["strict-transport-security"]).toBeUndefined();
    expect(r.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  });
});

describe("the web session's Origin check", () => {
  // A change made with the web session must come from this site: its own address, or the one the
  // trusted proxy says the browser used.
  const change = (from: string, cookie: string, headers: Record<string, string>) =>
    httpFrom(from, `${server.url}/gateway/profile/clinic/client`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, ...headers },
      body: "{}",
    });

  it("takes the site's address as the trusted proxy names it", async () => {
    const w = await makeWorld();
    const s = await webSignInFrom(server.url, PROXY, `staff-${w.u}`, w.password);
    expect(s.signedIn).toBe(true);
    const r = await change(PROXY, s.cookie, {
      ...overTls,
      "x-forwarded-host": "care.example.org",
      origin: "https://care.example.org",
    });
    // Past the Origin check: the empty body is what is refused.
    expect(r.status).toBe(400);
  });

  it("does not take a host named by a caller that is no trusted proxy", async () => {
    const w = await makeWorld();
    const here = freshLoopback();
    const s = await webSignInFrom(server.url, here, `staff-${w.u}`, w.password);
    expect(s.signedIn).toBe(true);
    const r = await change(here, s.cookie, {
      ...overTls,
      "x-forwarded-host": "elsewhere.example",
      origin: "https://elsewhere.example",
    });
    expect(r.status).toBe(403);
    expect(r.json.detail).toMatch(/Origin/);
  });
});
