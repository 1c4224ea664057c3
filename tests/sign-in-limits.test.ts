import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { startNext, type RunningServer } from "../scripts/lib/processes";
import { freshLoopback, passwordGrantFrom, webSignInFrom } from "./support/from-address";
import { makeWorld, uid } from "./support/world";

// An instance of its own with low limits on the suite's database. Requests come from loopback
// addresses of their own (127.x.y.z), so each test has client addresses no other test counts on;
// 127.0.0.1 is named a trusted proxy, so X-Forwarded-For counts only on requests from it.
let server: RunningServer;
const LIMITS = { perUserAndAddress: 3, perAccount: 6, perAddress: 20 };
beforeAll(async () => {
  const port = await freePort();
  server = await startNext(port, {
    DATABASE_URL: inject("databaseUrl"),
    SECRET_KEY: inject("secretKey"),
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_USER: String(LIMITS.perUserAndAddress),
    RATE_LIMIT_ACCOUNT: String(LIMITS.perAccount),
    RATE_LIMIT_ADDRESS: String(LIMITS.perAddress),
    RATE_LIMIT_WINDOW_SECONDS: "3600",
    RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: "3600",
    TRUSTED_PROXIES: "127.0.0.1",
    PASSWORD_HASH_CONCURRENCY: "1",
    PASSWORD_HASH_QUEUE: "4",
  }, { quiet: true });
}, 120_000);
afterAll(() => server?.stop());

describe("the pages' username-and-password sign-in is throttled", () => {
  it("after the limit of wrong passwords from one address, even the right one gets 429 there, while another address still signs in", async () => {
    const w = await makeWorld();
    const user = `staff-${w.u}`;
    const here = freshLoopback();
    for (let i = 0; i < LIMITS.perUserAndAddress; i++) {
      const r = await webSignInFrom(server.url, here, user, "wrong");
      expect(r.status).toBe(401);
      expect(r.error).toBe("CredentialsSignin");
    }
    const limited = await webSignInFrom(server.url, here, user, w.password);
    expect(limited.status).toBe(429);
    expect(limited.error).toBe("TooManyAttempts");
    expect(limited.signedIn).toBe(false);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(3600);
    // One address cannot lock the person out everywhere.
    const elsewhere = await webSignInFrom(server.url, freshLoopback(), user, w.password);
    expect(elsewhere.signedIn).toBe(true);
  });

  it("shares its counts with the token operation's password grant", async () => {
    const w = await makeWorld();
    const user = `carer-${w.u}`;
    const here = freshLoopback();
    expect((await webSignInFrom(server.url, here, user, "wrong")).status).toBe(401);
    expect((await webSignInFrom(server.url, here, user, "wrong")).status).toBe(401);
    expect((await passwordGrantFrom(server.url, here, user, "wrong")).status).toBe(400);
    const token = await passwordGrantFrom(server.url, here, user, w.password);
    expect(token.status).toBe(429);
    expect(token.json.error).toBe("slow_down");
    expect((await webSignInFrom(server.url, here, user, w.password)).status).toBe(429);
  });

  it("50 wrong passwords sent at once get no more verifications than the limit allows", async () => {
    const w = await makeWorld();
    const here = freshLoopback();
    const results = await Promise.all(Array.from({ length: 50 }, () => webSignInFrom(server.url, here, `staff-${w.u}`, "wrong")));
    const statuses = results.map((r) => r.status);
    // Only a verified password answers 401 (CredentialsSignin); every other attempt was refused
    // before verifying: 429, or 503 if this busy machine's database kept it waiting too long.
    expect(statuses.every((s) => s === 401 || s === 429 || s === 503), JSON.stringify(results.map((r) => [r.status, r.error]))).toBe(true);
    const verified = results.filter((r) => r.status === 401 && r.error === "CredentialsSignin");
    expect(verified.length).toBeGreaterThan(0);
    expect(verified.length).toBeLessThanOrEqual(LIMITS.perUserAndAddress);
    expect(statuses.filter((s) => s === 401)).toHaveLength(verified.length);
    expect(results.every((r) => !r.signedIn)).toBe(true);
  });

  it("an account-wide ceiling stops guessing spread over many addresses", async () => {
    const w = await makeWorld();
    const user = `staff-${w.u}`;
    for (let a = 0; a < LIMITS.perAccount / 2; a++) {
      const from = freshLoopback();
      expect((await webSignInFrom(server.url, from, user, "wrong")).status).toBe(401);
      expect((await passwordGrantFrom(server.url, from, user, "wrong")).status).toBe(400);
    }
    const fresh = await webSignInFrom(server.url, freshLoopback(), user, w.password);
    expect(fresh.status).toBe(429);
    expect(fresh.error).toBe("TooManyAttempts");
    expect((await passwordGrantFrom(server.url, freshLoopback(), user, w.password)).status).toBe(429);
    // Another person is not affected.
    expect((await webSignInFrom(server.url, freshLoopback(), `carer-${w.u}`, w.password)).signedIn).toBe(true);
  });
});

describe("the client address cannot be forged", () => {
  it("200 password grants with 200 different X-Forwarded-For values from one untrusted peer meet the address limit", async () => {
    const from = freshLoopback();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const r = await passwordGrantFrom(server.url, from, `nobody-${uid()}`, "x", `10.${i % 250}.${(i * 7) % 250}.${(i * 13) % 250}`);
      statuses.push(r.status);
    }
    expect(statuses.slice(0, LIMITS.perAddress)).toEqual(Array(LIMITS.perAddress).fill(400));
    expect(statuses.slice(LIMITS.perAddress)).toEqual(Array(200 - LIMITS.perAddress).fill(429));
  });

  it("behind a trusted proxy the forwarded address counts: the rightmost address the proxy did not add", async () => {
    const client = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    // The leftmost entry is whatever the caller claimed; the proxy (127.0.0.1) appended the real one.
    for (let i = 0; i < LIMITS.perAddress + 2; i++) statuses.push((await passwordGrantFrom(server.url, "127.0.0.1", `nobody-${uid()}`, "x", `203.0.113.${i}, ${client}`)).status);
    expect(statuses).toEqual([...Array(LIMITS.perAddress).fill(400), 429, 429]);
    expect((await passwordGrantFrom(server.url, "127.0.0.1", `nobody-${uid()}`, "x", `${client}9`)).status).toBe(400);
  });
});

describe("password hashing has bounded concurrency", () => {
  it("a flood of password grants beyond the hashing queue answers 503 with Retry-After, and sign-in works afterwards", async () => {
    const w = await makeWorld();
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) => passwordGrantFrom(server.url, "127.0.0.1", `nobody-${uid()}`, "x", `10.88.${i}.${Math.floor(Math.random() * 250)}`)),
    );
    const statuses = flood.map((r) => r.status);
    expect(statuses.every((s) => s === 400 || s === 503), statuses.join(",")).toBe(true);
    const refused = flood.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json.error).toBe("temporarily_unavailable");
    expect(Number(refused[0]!.headers["retry-after"])).toBeGreaterThan(0);
    expect((await passwordGrantFrom(server.url, freshLoopback(), `staff-${w.u}`, w.password)).status).toBe(200);
  });
});
