import { describe, expect, it } from "vitest";
import { api, baseUrl, makeWorld, uid } from "./support/world";
import { webLogin } from "./support/web-login";

describe("the gateway accepts the web pages' session", () => {
  it("reads with the session cookie under the same scope checks as a bearer token", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const cookie = await webLogin(`carer-${w.u}`, w.password);
    expect(cookie).not.toBeNull();
    const mine = await api(`/gateway/profile/caregiver/session/${w.session.id}`, { headers: { cookie: cookie! } });
    expect(mine.status).toBe(200);
    expect(mine.json.id).toBe(w.session.id);
    expect(
      (await api(`/gateway/profile/caregiver/session/${other.session.id}`, { headers: { cookie: cookie! } })).status,
    ).toBe(404);
    expect((await api("/gateway/profile/clinic/client", { headers: { cookie: cookie! } })).status).toBe(403);
  });

  it("protects cookie-authenticated changes against cross-site requests", async () => {
    const w = await makeWorld();
    const cookie = (await webLogin(`staff-${w.u}`, w.password))!;
    const create = (headers: Record<string, string>) =>
      api("/gateway/profile/clinic/client", {
        headers: { cookie, ...headers },
        body: { name: "Web Made", email: `web-${uid()}@x.test` },
      });
    expect((await create({})).status).toBe(403);
    expect((await create({ origin: "https://evil.example" })).status).toBe(403);
    const ok = await create({ origin: baseUrl });
    expect(ok.status, ok.text).toBe(201);
  });

  it("signs a client in to their homework pages; the cookie serves the client's own operations only", async () => {
    const w = await makeWorld();
    const cookie = (await webLogin(`client-${w.u}`, w.password))!;
    expect(cookie).not.toBeNull();
    const home = await fetch(`${baseUrl}/`, { headers: { cookie }, redirect: "manual" });
    expect(home.headers.get("location")).toMatch(/\/homework$/);
    const own = await api("/gateway/profile/client/assignment?time-state=RUNNING", { headers: { cookie } });
    expect(own.status, own.text).toBe(200);
    expect(own.json.totalElements).toBe(w.session.assignmentIds.length);
    const pending = w.session.assignmentIds[3]!;
    const save = (headers: Record<string, string>) =>
      api(`/gateway/profile/client/assignment/${pending}/autosave`, {
        method: "PUT",
        headers: { cookie, ...headers },
        body: { answers: [{ questionKey: "q1", value: "x" }] },
      });
    expect((await save({})).status).toBe(403);
    expect((await save({ origin: baseUrl })).status).toBe(200);
    expect((await api(`/gateway/profile/client/assignment/${pending}`, { headers: { cookie } })).status).toBe(200);
    expect((await api("/gateway/profile/clinic/client", { headers: { cookie } })).status).toBe(403);
    expect((await api(`/gateway/profile/caregiver/session/${w.session.id}`, { headers: { cookie } })).status).toBe(403);
  });

  it("refuses web sign-in to wrong passwords and to roles without pages, and a forged cookie is no session", async () => {
    const w = await makeWorld();
    expect(await webLogin(`staff-${w.u}`, "wrong")).toBeNull();
    expect(await webLogin(`inst-${w.u}`, w.password)).toBeNull();
    const forged = await api("/gateway/profile/clinic/client", {
      headers: { cookie: "next-auth.session-token=forged.jwt.value" },
    });
    expect(forged.status).toBe(401);
  });

  it("sends a page visitor without a session to sign in, and back to the page afterwards", async () => {
    const r = await fetch(`${baseUrl}/caregiver`, { redirect: "manual" });
    expect([303, 307, 308]).toContain(r.status);
    expect(r.headers.get("location")).toMatch(/\/signin\?callbackUrl=%2Fcaregiver$/);
  });
});
