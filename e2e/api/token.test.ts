import { describe, expect, it } from "vitest";
import { sha256 } from "@/lib/auth/token-hash";
import { api, db, makeWorld } from "./support/world";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  rawBody: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

describe("POST /gateway/uaa/oauth/token", () => {
  it("exchanges username and password for an RFC 6749 token body", async () => {
    const w = await makeWorld();
    const r = await api(
      "/gateway/uaa/oauth/token",
      form({ grant_type: "password", username: `staff-${w.u}`, password: w.password }),
    );
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(r.json).sort()).toEqual(["access_token", "expires_in", "refresh_token", "scope", "token_type"]);
    expect(r.json.token_type).toBe("bearer");
    expect(r.json.expires_in).toBe(24 * 3600);
    expect(r.json.scope).toBe("CLINIC");
    const ok = await api("/gateway/profile/clinic/client", { token: r.json.access_token });
    expect(ok.status).toBe(200);
  });

  it("accepts the fields as query parameters, as the original documentation shows", async () => {
    const w = await makeWorld();
    const q = new URLSearchParams({ grant_type: "password", username: `carer-${w.u}`, password: w.password });
    const r = await api(`/gateway/uaa/oauth/token?${q}`, { method: "POST" });
    expect(r.status).toBe(200);
    expect(r.json.scope).toBe("CAREGIVER");
  });

  it("refuses a wrong password or unknown user with invalid_grant and issues nothing", async () => {
    const w = await makeWorld();
    const before = await db.accessToken.count();
    for (const [username, password] of [
      [`staff-${w.u}`, "wrong"],
      [`nobody-${w.u}`, "x"],
    ] as const) {
      const r = await api("/gateway/uaa/oauth/token", form({ grant_type: "password", username, password }));
      expect(r.status).toBe(400);
      expect(r.json.error).toBe("invalid_grant");
      expect(r.json.error_description).toMatch(/invalid username or password/);
      // The problem+json members beside it describe the status it has (found by the API review of
      // 2026-11-29: they said 401 "Unauthorized" in a 400).
      expect(r.json).toMatchObject({ type: "/docs#problem-bad_request", title: "Bad Request", status: 400 });
    }
    expect(await db.accessToken.count({ where: { account: { username: `staff-${w.u}` } } })).toBe(0);
    expect(await db.accessToken.count()).toBeGreaterThanOrEqual(before);
  });

  it("answers 400 for a missing or unsupported grant_type, and for a body neither a form nor JSON", async () => {
    expect((await api("/gateway/uaa/oauth/token", form({ username: "a", password: "b" }))).json.error).toBe(
      "invalid_request",
    );
    const unsupported = await api("/gateway/uaa/oauth/token", form({ grant_type: "client_credentials" }));
    expect(unsupported.status).toBe(400);
    expect(unsupported.json.error).toBe("unsupported_grant_type");
    const missing = await api("/gateway/uaa/oauth/token", form({ grant_type: "password", username: "x" }));
    expect(missing.status).toBe(400);
    expect(missing.json.errors[0].path).toBe("password");
    const xml = await api("/gateway/uaa/oauth/token", {
      method: "POST",
      rawBody: "<a/>",
      headers: { "content-type": "application/xml" },
    });
    expect(xml.status).toBe(400);
    expect(xml.json).toMatchObject({ type: "/docs#problem-bad_request", title: "Bad Request", status: 400 });
  });

  it("rotates refresh tokens: each works once, and a reused one revokes its family", async () => {
    const w = await makeWorld();
    const first = (
      await api(
        "/gateway/uaa/oauth/token",
        form({ grant_type: "password", username: `staff-${w.u}`, password: w.password }),
      )
    ).json;
    const second = await api(
      "/gateway/uaa/oauth/token",
      form({ grant_type: "refresh_token", refresh_token: first.refresh_token }),
    );
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    expect((await api("/gateway/profile/clinic/client", { token: second.json.access_token })).status).toBe(200);

    const replay = await api(
      "/gateway/uaa/oauth/token",
      form({ grant_type: "refresh_token", refresh_token: first.refresh_token }),
    );
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe("invalid_grant");
    // The leaked family is revoked: the newest refresh token no longer works either.
    const after = await api(
      "/gateway/uaa/oauth/token",
      form({ grant_type: "refresh_token", refresh_token: second.json.refresh_token }),
    );
    expect(after.status).toBe(400);
  });

  it("revokes an access token, or a refresh token with its family, at once (RFC 7009)", async () => {
    const w = await makeWorld();
    const t = (
      await api(
        "/gateway/uaa/oauth/token",
        form({ grant_type: "password", username: `staff-${w.u}`, password: w.password }),
      )
    ).json;
    expect((await api("/gateway/uaa/oauth/revoke", form({ token: t.access_token }))).status).toBe(200);
    expect((await api("/gateway/profile/clinic/client", { token: t.access_token })).status).toBe(401);
    const next = await api(
      "/gateway/uaa/oauth/token",
      form({ grant_type: "refresh_token", refresh_token: t.refresh_token }),
    );
    expect(next.status).toBe(200);
    expect((await api("/gateway/uaa/oauth/revoke", form({ token: next.json.refresh_token }))).status).toBe(200);
    expect(
      (
        await api(
          "/gateway/uaa/oauth/token",
          form({ grant_type: "refresh_token", refresh_token: next.json.refresh_token }),
        )
      ).status,
    ).toBe(400);
    expect((await api("/gateway/uaa/oauth/revoke", form({ token: "never-issued" }))).status).toBe(200);
    expect((await api("/gateway/uaa/oauth/revoke", form({}))).status).toBe(400);
  });

  it("revokes a token sent as JSON or a query parameter, as the token operation reads its fields", async () => {
    const w = await makeWorld();
    const grant = () =>
      api("/gateway/uaa/oauth/token", form({ grant_type: "password", username: `staff-${w.u}`, password: w.password }));
    const byJson = (await grant()).json.access_token;
    expect((await api("/gateway/uaa/oauth/revoke", { body: { token: byJson } })).status).toBe(200);
    expect((await api("/gateway/profile/clinic/client", { token: byJson })).status).toBe(401);
    const byQuery = (await grant()).json.access_token;
    const q = new URLSearchParams({ token: byQuery });
    expect((await api(`/gateway/uaa/oauth/revoke?${q}`, { method: "POST" })).status).toBe(200);
    expect((await api("/gateway/profile/clinic/client", { token: byQuery })).status).toBe(401);
    // A body not labelled a form is read as one, as revoke always read it: fetch sends a string
    // body as text/plain, and a logout that refused it would leave the token alive.
    const unlabelled = (await grant()).json.access_token;
    const asText = await api("/gateway/uaa/oauth/revoke", {
      method: "POST",
      rawBody: new URLSearchParams({ token: unlabelled }).toString(),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(asText.status).toBe(200);
    expect((await api("/gateway/profile/clinic/client", { token: unlabelled })).status).toBe(401);
  });

  it("stores only hashes of tokens", async () => {
    const w = await makeWorld();
    const t = (
      await api(
        "/gateway/uaa/oauth/token",
        form({ grant_type: "password", username: `staff-${w.u}`, password: w.password }),
      )
    ).json;
    expect(await db.accessToken.count({ where: { tokenHash: t.access_token } })).toBe(0);
    expect(await db.accessToken.count({ where: { tokenHash: sha256(t.access_token) } })).toBe(1);
    expect(await db.refreshToken.count({ where: { tokenHash: sha256(t.refresh_token) } })).toBe(1);
    const account = await db.account.findUniqueOrThrow({ where: { username: `staff-${w.u}` } });
    expect(account.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe("bearer tokens on gateway operations", () => {
  const path = "/gateway/profile/clinic/client";

  it("answers 401 with WWW-Authenticate for a missing, malformed, unknown, expired or revoked token", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const cases: [string, Record<string, string>][] = [
      ["missing", {}],
      ["wrong scheme", { authorization: `Basic ${token}` }],
      ["garbage", { authorization: "bearer !!!" }],
      ["unknown", { authorization: "bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
    ];
    for (const [, headers] of cases) {
      const r = await api(path, { headers });
      expect(r.status).toBe(401);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer /);
    }
    await db.accessToken.update({
      where: { tokenHash: sha256(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await api(path, { token });
    expect(expired.status).toBe(401);
    expect(expired.json.detail).toMatch(/expired/);

    const fresh = await w.token("carer");
    await db.accessToken.update({ where: { tokenHash: sha256(fresh) }, data: { revokedAt: new Date() } });
    const revoked = await api("/gateway/profile/caregiver/session", { token: fresh });
    expect(revoked.status).toBe(401);
    expect(revoked.json.detail).toMatch(/revoked/);
  });

  it("accepts the scheme in any case, as the original examples write 'bearer'", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    for (const scheme of ["bearer", "Bearer", "BEARER"]) {
      expect((await api(path, { headers: { authorization: `${scheme} ${token}` } })).status).toBe(200);
    }
  });

  it("answers 403 when the role may not use the operation", async () => {
    const w = await makeWorld();
    const r = await api(path, { token: await w.token("client") });
    expect(r.status).toBe(403);
    expect(r.json.title).toBe("Forbidden");
  });
});
