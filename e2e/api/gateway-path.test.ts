import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { isForwarded, routeGatewayPath } from "@/lib/gateway/forwarded-path.mjs";
import { api, baseUrl, makeWorld } from "./support/world";

// The production server hands the operations' paths to a static route with the path in
// X-Gateway-Path, and leaves the rest to the gateway's dynamic route (lib/gateway/forwarded-path.mjs).
// Which way a request goes must never change what answers it.

describe("the production server's rule", () => {
  const routed = (url: string, headers: Record<string, string> = {}) => {
    const req = { url, headers: { ...headers } };
    routeGatewayPath(req);
    return req;
  };

  it("forwards an operation's path made of plain segments, its query kept, and drops a caller's header", () => {
    expect(routed("/gateway/profile/caregiver/session/12?x=1&y=2", { "x-gateway-path": "/gateway/uaa/x" })).toEqual({
      url: "/gateway/by-path?x=1&y=2",
      headers: { "x-gateway-path": "/gateway/profile/caregiver/session/12" },
    });
    expect(routed("/gateway/uaa/oauth/token?")).toEqual({
      url: "/gateway/by-path?",
      headers: { "x-gateway-path": "/gateway/uaa/oauth/token" },
    });
    expect(routed("/gateway/profile/client/assignment-timing").url).toBe("/gateway/by-path");
  });

  it("leaves every other path as it came, without a caller's header", () => {
    for (const url of [
      "/gateway/profile/clinic/client/",
      "/gateway/profile/clinic/client/%31",
      "/gateway/profile/clinic/client;x",
      "/gateway/profile/clinic/../client",
      "/gateway/profile//clinic",
      "//gateway/profile/clinic/client",
      "http://localhost/gateway/profile/clinic/client",
      "/gateway/profile",
      "/gateway/health",
      "/gateway/ping",
      "/gateway/by-path",
      "/GATEWAY/profile/clinic/client",
      "*",
    ]) {
      expect(routed(url, { "x-gateway-path": "/gateway/profile/clinic/client" }), url).toEqual({ url, headers: {} });
      expect(isForwarded(url), url).toBe(false);
    }
  });
});

/** A GET sent with node:http, which writes header names and repeats exactly as given (Host too). */
function rawGet(path: string, headers: [string, string][]): Promise<number> {
  return new Promise((resolve, reject) => {
    const raw = [["Host", new URL(baseUrl).host], ...headers].flat();
    const req = request(`${baseUrl}${path}`, { headers: raw }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the gateway's two routes", () => {
  it("answer an operation's path the same either way: plain, or %-encoded so that it takes the dynamic route", async () => {
    const w = await makeWorld();
    const carer = await w.token("carer");
    const id = String(w.session.id);
    const encoded = id.replace(/\d/g, (d) => `%3${d}`);
    const read = (path: string, method = "GET") =>
      api(`/gateway/profile/caregiver/session/${path}`, { method, token: carer, headers: { offset: "1" } });
    const [plain, dynamic] = [await read(id), await read(encoded)];
    expect(plain.status).toBe(200);
    expect(plain.json).toMatchObject({ id: w.session.id });
    expect(dynamic.status).toBe(200);
    expect(dynamic.json).toEqual(plain.json);
    // Next.js's own answers to HEAD and OPTIONS, whichever route the path reached.
    for (const method of ["HEAD", "OPTIONS"]) {
      const [a, b] = [await read(id, method), await read(encoded, method)];
      expect([a.status, a.headers.get("allow"), a.text], method).toEqual([b.status, b.headers.get("allow"), b.text]);
    }
    // Query strings reach the operation whichever way the path went.
    const page = await api("/gateway/profile/caregiver/session?size=1&page=0", { token: carer });
    expect(page.status).toBe(200);
    expect(page.json.size).toBe(1);
  });

  it("ignore an X-Gateway-Path the caller sends, in any case and however often", async () => {
    const w = await makeWorld();
    const staff = await w.token("staff");
    const carer = await w.token("carer");
    const session = `/gateway/profile/caregiver/session/${w.session.id}`;
    // An operation's path, with the header naming another operation: the path answers.
    const clients = await api("/gateway/profile/clinic/client", {
      token: staff,
      headers: { "x-gateway-path": session },
    });
    expect(clients.status).toBe(200);
    expect(clients.json.content.map((c: { id: number }) => c.id)).toContain(w.client.id);
    // The static route's own path serves no operation, whatever the header says.
    for (const path of ["/gateway/by-path", "/gateway/by-path?size=1"]) {
      const r = await api(path, { token: carer, headers: { "x-gateway-path": session } });
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type"), path).toBe("application/problem+json");
    }
    const auth: [string, string] = ["Authorization", `bearer ${carer}`];
    expect(await rawGet("/gateway/by-path", [auth, ["X-GATEWAY-PATH", session]])).toBe(404);
    expect(await rawGet("/gateway/by-path", [auth, ["x-gateway-path", session], ["X-Gateway-Path", session]])).toBe(
      404,
    );
    expect(await rawGet(session, [auth, ["offset", "1"], ["x-gateway-path", "/gateway/by-path"]])).toBe(200);
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
