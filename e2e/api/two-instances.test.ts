import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "@/scripts/lib/processes";
import { anotherInstance } from "./support/another-instance";
import { freshLoopback, passwordGrantFrom } from "./support/from-address";
import { IDP_CLIENT } from "./support/sso";
import { baseUrl, db, makeWorld, uid } from "./support/world";

// A second instance with low limits on the same database: the counters live in PostgreSQL, so
// requests through either instance count against the same limits.
let second: RunningServer;
beforeAll(async () => {
  second = await anotherInstance({
    RATE_LIMIT_USER: "3",
    RATE_LIMIT_ADDRESS: "5",
    // The tests stand in for a proxy on 127.0.0.1 and name each request's address in X-Forwarded-For.
    TRUSTED_PROXIES: "127.0.0.1",
    // An hour-long window: a test cannot straddle two windows by bad luck.
    RATE_LIMIT_WINDOW_SECONDS: "3600",
  });
}, 120_000);
afterAll(() => (second as RunningServer | undefined)?.stop());

const token = (base: string, username: string, password: string, address: string) =>
  fetch(`${base}/gateway/uaa/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    body: new URLSearchParams({ grant_type: "password", username, password }),
  });

describe("two instances on one database", () => {
  const create = (base: string, token: string, body: unknown, key?: string) =>
    fetch(`${base}/gateway/profile/clinic/client`, {
      method: "POST",
      headers: {
        authorization: `bearer ${token}`,
        "content-type": "application/json",
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: JSON.stringify(body),
    });

  it("concurrent creations with one Idempotency-Key through both instances give exactly one client", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const body = { name: "Twin", email: `twin-${uid()}@x.test`, caregiverList: [w.caregiver.id] };
    const key = `k-${uid()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(i % 2 ? second.url : baseUrl, token, body, key)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.headers.get("location"))).size).toBe(1);
    expect(await db.client.count({ where: { email: body.email } })).toBe(1);
    expect(await db.careTeamMember.count({ where: { client: { email: body.email } } })).toBe(1);
  });

  it("concurrent creations of one externalClientId through both instances give one client and 409s", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const ext = `ext-${uid()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(i % 2 ? second.url : baseUrl, token, {
          name: "Twin",
          email: `t${i}-${uid()}@x.test`,
          externalClientId: ext,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await db.client.count({ where: { clinicId: w.clinic.id, externalClientId: ext } })).toBe(1);
  });
});

describe("rate limits, shared by every instance", () => {
  it("limits failed password attempts per username and address, counting attempts made through the other instance", async () => {
    const w = await makeWorld();
    const user = `staff-${w.u}`;
    // A client address of this test's own, seen by both instances as the connection's peer.
    const address = freshLoopback();
    // Two wrong attempts through the first instance (whose own limits are higher)…
    for (let i = 0; i < 2; i++) expect((await passwordGrantFrom(baseUrl, address, user, "wrong")).status).toBe(400);
    // …count here too: one more failure is allowed, then even the right password is refused.
    expect((await passwordGrantFrom(second.url, address, user, "wrong")).status).toBe(400);
    const limited = await passwordGrantFrom(second.url, address, user, w.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect(limited.json).toMatchObject({ error: "slow_down", status: 429 });
    // The person still signs in from elsewhere.
    expect((await passwordGrantFrom(second.url, freshLoopback(), user, w.password)).status).toBe(200);
  });

  it("limits token requests per address", async () => {
    const address = `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await token(second.url, `nobody-${uid()}`, "x", address)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await token(second.url, `nobody-${uid()}`, "x", `${address}9`)).status).toBe(400);
  });

  it("limits SSO requests per address with problem+json and Retry-After", async () => {
    const address = `10.4.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const sso = () =>
      fetch(`${second.url}/gateway/profile/institute/sso`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({
          apiKey: "nope",
          clientId: IDP_CLIENT.id,
          clinicEmail: "x@y.test",
          code: "c",
          userType: "CLIENT",
          redirect_uri: "",
        }),
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await sso()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const r = await sso();
    expect(r.status).toBe(429);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
