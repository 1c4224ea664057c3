import { describe, expect, it } from "vitest";
import { api, baseUrl, db, makeWorld, uid } from "./support/world";
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

  it("refuses a read with the cookie that another site started (a link or a page elsewhere), writing nothing in the person's name", async () => {
    // Found by the review as an attacker on the pages (2026-12-06): the cookie goes with a top-level
    // navigation from another site, so a link there ran a gateway read as the person signed in
    // here: an audit row in their name, a conversation marked read. The browser says where a
    // request started (Sec-Fetch-Site); our own pages' requests are same-origin, a typed address none.
    const w = await makeWorld();
    const cookie = (await webLogin(`carer-${w.u}`, w.password))!;
    const read = (site: string) =>
      api(`/gateway/profile/caregiver/session/${w.session.id}`, { headers: { cookie, "sec-fetch-site": site } });
    const audited = () => db.auditLog.count({ where: { action: "READ_SESSION", targetId: w.session.id } });
    const before = await audited();
    for (const elsewhere of ["cross-site", "same-site"]) {
      const r = await read(elsewhere);
      expect(r.status, elsewhere).toBe(403);
      expect(r.json.detail).toMatch(/another site/);
    }
    expect(await audited()).toBe(before);
    for (const ours of ["same-origin", "none"]) expect((await read(ours)).status, ours).toBe(200);
  });

  it("still renders a page opened from a link on another site with its data, as a link to the page always did", async () => {
    // A link in a webmail to the session's page: the page's own reads run on the server with the
    // page request's cookie, whatever site the link was on (lib/pages/prefetch.ts).
    const w = await makeWorld();
    const cookie = (await webLogin(`carer-${w.u}`, w.password))!;
    const page = await fetch(`${baseUrl}/caregiver/sessions/${w.session.id}`, {
      headers: { cookie, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(w.session.title);
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
