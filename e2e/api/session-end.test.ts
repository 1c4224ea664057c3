import { describe, expect, it } from "vitest";
import { admin as runAdmin } from "./support/admin-cli";
import { api, baseUrl, db, makeWorld } from "./support/world";
import { webLogin } from "./support/web-login";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  rawBody: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
const grant = (fields: Record<string, string>) => api("/gateway/uaa/oauth/token", form(fields));
const reads = (token: string) => api("/gateway/profile/clinic/client", { token }).then((r) => r.status);

/** The operator's CLI, as an operator runs it, against the suite's database; it must succeed. */
async function admin(...args: string[]) {
  const r = await runAdmin(...args);
  expect(r.code, r.stderr).toBe(0);
  return r;
}

/** next-auth's sign-out, as the Sign out button sends it. */
async function signOut(cookie: string) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = await csrf.json();
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return fetch(`${baseUrl}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [cookie, csrfCookie].filter(Boolean).join("; "),
      origin: baseUrl,
    },
    body: new URLSearchParams({ csrfToken, json: "true", callbackUrl: "/signin" }),
  });
}

describe("signing out ends the web session", () => {
  it("the old cookie reads 401 on the gateway at once and no longer opens the pages", async () => {
    const w = await makeWorld();
    const cookie = (await webLogin(`staff-${w.u}`, w.password))!;
    expect((await api("/gateway/profile/clinic/client", { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${baseUrl}/clinic`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
    expect((await signOut(cookie)).status).toBe(200);
    // The browser deleted its cookie; a copy of it (another tab's, a stolen one) must be dead too.
    expect((await api("/gateway/profile/clinic/client", { headers: { cookie } })).status).toBe(401);
    expect(
      (
        await api("/gateway/profile/clinic/client", {
          headers: { cookie, origin: baseUrl },
          body: { name: "After sign-out", email: `x-${w.u}@x.test` },
        })
      ).status,
    ).toBe(401);
    const page = await fetch(`${baseUrl}/clinic`, { headers: { cookie }, redirect: "manual" });
    expect([303, 307, 308]).toContain(page.status);
    expect(page.headers.get("location")).toMatch(/\/signin\?callbackUrl=%2Fclinic$/);
    // Another session of the same person is not affected.
    const other = (await webLogin(`staff-${w.u}`, w.password))!;
    expect((await api("/gateway/profile/clinic/client", { headers: { cookie: other } })).status).toBe(200);
  });
});

describe("revoking a refresh token family takes its access tokens with it", () => {
  it("reusing a refresh token revokes the access tokens issued from its family", async () => {
    const w = await makeWorld();
    const first = (await grant({ grant_type: "password", username: `staff-${w.u}`, password: w.password })).json;
    const second = (await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token })).json;
    const unrelated = (await grant({ grant_type: "password", username: `staff-${w.u}`, password: w.password })).json;
    expect(await reads(first.access_token)).toBe(200);
    expect(await reads(second.access_token)).toBe(200);
    expect((await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token })).status).toBe(400);
    expect(await reads(first.access_token)).toBe(401);
    expect(await reads(second.access_token)).toBe(401);
    // Another sign-in of the same person is another family.
    expect(await reads(unrelated.access_token)).toBe(200);
  });

  it("RFC 7009 revocation of a refresh token revokes the access tokens of its family", async () => {
    const w = await makeWorld();
    const first = (await grant({ grant_type: "password", username: `carer-${w.u}`, password: w.password })).json;
    const second = (await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token })).json;
    expect((await api("/gateway/uaa/oauth/revoke", form({ token: second.refresh_token }))).status).toBe(200);
    expect(await api("/gateway/profile/caregiver/session", { token: first.access_token }).then((r) => r.status)).toBe(
      401,
    );
    expect(await api("/gateway/profile/caregiver/session", { token: second.access_token }).then((r) => r.status)).toBe(
      401,
    );
  });
});

describe("disabling an account", () => {
  it("the operator's disable-account ends its tokens and web sessions; enable-account does not bring them back", async () => {
    const w = await makeWorld();
    const username = `staff-${w.u}`;
    const tokens = (await grant({ grant_type: "password", username, password: w.password })).json;
    const cookie = (await webLogin(username, w.password))!;
    expect(await reads(tokens.access_token)).toBe(200);

    // The operator types the name in any case, as a sign-in may.
    const out = await admin("disable-account", "--username", username.toUpperCase());
    expect(out.stdout).toMatch(/disabled/i);
    expect(await reads(tokens.access_token)).toBe(401);
    expect((await api("/gateway/profile/clinic/client", { headers: { cookie } })).status).toBe(401);
    expect((await grant({ grant_type: "refresh_token", refresh_token: tokens.refresh_token })).status).toBe(400);
    expect(await webLogin(username, w.password)).toBeNull();
    const account = await db.account.findUniqueOrThrow({ where: { username }, select: { id: true } });
    expect(await db.accessToken.count({ where: { accountId: account.id, revokedAt: null } })).toBe(0);
    expect(await db.refreshToken.count({ where: { accountId: account.id, revokedAt: null } })).toBe(0);

    await admin("enable-account", "--username", ` Staff-${w.u}`);
    expect(await reads(tokens.access_token)).toBe(401);
    expect((await api("/gateway/profile/clinic/client", { headers: { cookie } })).status).toBe(401);
    expect(await reads(await w.token("staff"))).toBe(200);
  });

  it("eight refreshes at once for a disabled account all answer a clean 400, without waiting on each other", async () => {
    const w = await makeWorld();
    const tokens = (await grant({ grant_type: "password", username: `carer-${w.u}`, password: w.password })).json;
    // Disabled behind the platform's back (as a database operator would): the tokens are still unrevoked.
    await db.account.update({ where: { username: `carer-${w.u}` }, data: { disabled: true } });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => grant({ grant_type: "refresh_token", refresh_token: tokens.refresh_token })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(400));
    expect(results.every((r) => r.json.error === "invalid_grant")).toBe(true);
    // The refused refresh revoked the whole family, access token included: enabling the account
    // again brings none of it back.
    await db.account.update({ where: { username: `carer-${w.u}` }, data: { disabled: false } });
    expect(await api("/gateway/profile/caregiver/session", { token: tokens.access_token }).then((r) => r.status)).toBe(
      401,
    );
    expect((await grant({ grant_type: "refresh_token", refresh_token: tokens.refresh_token })).status).toBe(400);
  });
});
