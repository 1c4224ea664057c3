import { describe, expect, it } from "vitest";
import { api, baseUrl, makeWorld } from "./support/world";

// The production server hands the operations' paths to a static route with the path in
// X-Gateway-Path, and leaves the rest to the gateway's dynamic route (scripts/lib/gateway-path.mjs).
// Which way a request goes must never change what answers it.
describe("the gateway's two routes", () => {
  it("answer an operation's path the same either way: plain, or %-encoded so that it takes the dynamic route", async () => {
    const w = await makeWorld();
    const carer = await w.token("carer");
    const id = String(w.session.id);
    const encoded = id.replace(/\d/g, (d) => `%3${d}`);
    const plain = await api(`/gateway/profile/caregiver/session/${id}`, { token: carer, headers: { offset: "1" } });
    const dynamic = await api(`/gateway/profile/caregiver/session/${encoded}`, {
      token: carer,
      headers: { offset: "1" },
    });
    expect(plain.status).toBe(200);
    expect(plain.json).toMatchObject({ id: w.session.id });
    expect(dynamic.status).toBe(200);
    expect(dynamic.json).toEqual(plain.json);
    // Query strings reach the operation whichever way the path went.
    const page = await api("/gateway/profile/caregiver/session?size=1&page=0", { token: carer });
    expect(page.status).toBe(200);
    expect(page.json.size).toBe(1);
  });

  it("ignore an X-Gateway-Path the caller sends", async () => {
    const w = await makeWorld();
    const staff = await w.token("staff");
    const carer = await w.token("carer");
    // An operation's path, with the header naming another operation: the path answers.
    const clients = await api("/gateway/profile/clinic/client", {
      token: staff,
      headers: { "x-gateway-path": `/gateway/profile/caregiver/session/${w.session.id}` },
    });
    expect(clients.status).toBe(200);
    expect(clients.json.content.map((c: { id: number }) => c.id)).toContain(w.client.id);
    // A path of the dynamic route, and the static route's own path: neither serves the header's.
    const health = await api("/gateway/health", { headers: { "x-gateway-path": "/gateway/profile/clinic/client" } });
    expect(health.status).toBe(200);
    expect(health.json).toEqual((await api("/gateway/health")).json);
    for (const path of ["/gateway/by-path", "/gateway/by-path?size=1"]) {
      const r = await api(path, {
        token: carer,
        headers: { "x-gateway-path": `/gateway/profile/caregiver/session/${w.session.id}` },
      });
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type"), path).toBe("application/problem+json");
    }
  });

  it("leave to Next.js what it normalises: a trailing slash is redirected as before", async () => {
    const w = await makeWorld();
    const r = await fetch(`${baseUrl}/gateway/profile/clinic/client/`, {
      headers: { authorization: `bearer ${await w.token("staff")}` },
    });
    expect(r.redirected).toBe(true);
    expect(new URL(r.url).pathname).toBe("/gateway/profile/clinic/client");
    expect(r.status).toBe(200);
  });
});
