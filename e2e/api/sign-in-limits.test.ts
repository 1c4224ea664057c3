import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "@/scripts/lib/processes";
import { anotherInstance } from "./support/another-instance";
import { makeCaregiver } from "@/prisma/factories";
import { freshLoopback, httpFrom, passwordGrantFrom, webSignInFrom } from "./support/from-address";
import { api, db, makeWorld, uid } from "./support/world";

// An instance of its own with low limits on the suite's database. Requests come from loopback
// addresses of their own (127.x.y.z), so each test has client addresses no other test counts on;
// 127.0.0.1 is named a trusted proxy, so X-Forwarded-For counts only on requests from it.
let server: RunningServer;
// perAccount gives each (username, address) pair 4 failures in the account's window: above perUserAndAddress.
const LIMITS = { perUserAndAddress: 3, perAccount: 16, perAddress: 20, hashingPerAddress: 2 };
beforeAll(async () => {
  server = await anotherInstance({
    RATE_LIMIT_USER: String(LIMITS.perUserAndAddress),
    RATE_LIMIT_ACCOUNT: String(LIMITS.perAccount),
    RATE_LIMIT_ADDRESS: String(LIMITS.perAddress),
    RATE_LIMIT_WINDOW_SECONDS: "3600",
    RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: "3600",
    TRUSTED_PROXIES: "127.0.0.1",
    PASSWORD_HASH_CONCURRENCY: "1",
    PASSWORD_HASH_QUEUE: "4",
    PASSWORD_HASH_PER_ADDRESS: String(LIMITS.hashingPerAddress),
  });
}, 120_000);
afterAll(() => (server as RunningServer | undefined)?.stop());

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
    const results = await Promise.all(
      Array.from({ length: 50 }, () => webSignInFrom(server.url, here, `staff-${w.u}`, "wrong")),
    );
    const statuses = results.map((r) => r.status);
    // Only a verified password answers 401 (CredentialsSignin); every other attempt was refused
    // before verifying: 429, or 503 if this busy machine's database kept it waiting too long.
    expect(
      statuses.every((s) => s === 401 || s === 429 || s === 503),
      JSON.stringify(results.map((r) => [r.status, r.error])),
    ).toBe(true);
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

describe("accepting an invitation is throttled like a sign-in", () => {
  const acceptFrom = (from: string, token: string) =>
    httpFrom(from, `${server.url}/gateway/uaa/invitation`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, username: `inv-${uid()}`, password: "a long enough password" }),
    });

  it("guessing tokens from one address meets the address limit: 429 problem+json with Retry-After, even for a real link; another address still accepts it", async () => {
    const w = await makeWorld();
    const u = uid();
    const person = await makeCaregiver(db, {
      clinicIds: [w.clinic.id],
      name: `Invited ${u}`,
      email: `invited-${u}@test.test`,
      activationStatus: "INVITED",
    });
    const link = await api(`/gateway/profile/clinic/caregiver/${person.id}/invitation`, {
      token: await w.token("staff"),
      method: "POST",
    });
    expect(link.status, link.text).toBe(201);
    const token = String(link.json.url).split("/invite/")[1] ?? "";
    const here = freshLoopback();
    for (let i = 0; i < LIMITS.perAddress; i++) {
      const guess = await acceptFrom(here, randomBytes(32).toString("base64url"));
      expect(guess.status, `guess ${i}`).toBe(404);
    }
    const limited = await acceptFrom(here, token);
    expect(limited.status, limited.text).toBe(429);
    expect(limited.headers["content-type"]).toBe("application/problem+json");
    expect(limited.json).toMatchObject({ status: 429, title: expect.any(String), detail: expect.any(String) });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect(await db.invitation.findFirstOrThrow({ where: { caregiverId: person.id } })).toMatchObject({ usedAt: null });
    expect(await db.account.count({ where: { caregiverId: person.id } })).toBe(0);
    const elsewhere = await acceptFrom(freshLoopback(), token);
    expect(elsewhere.status, elsewhere.text).toBe(201);
  });
});

describe("the client address cannot be forged", () => {
  it("200 password grants with 200 different X-Forwarded-For values from one untrusted peer meet the address limit", async () => {
    const from = freshLoopback();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const r = await passwordGrantFrom(
        server.url,
        from,
        `nobody-${uid()}`,
        "x",
        `10.${i % 250}.${(i * 7) % 250}.${(i * 13) % 250}`,
      );
      statuses.push(r.status);
    }
    expect(statuses.slice(0, LIMITS.perAddress)).toEqual(Array(LIMITS.perAddress).fill(400));
    expect(statuses.slice(LIMITS.perAddress)).toEqual(Array(200 - LIMITS.perAddress).fill(429));
  });

  it("behind a trusted proxy the forwarded address counts: the rightmost address the proxy did not add", async () => {
    const client = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    // The leftmost entry is whatever the caller claimed; the proxy (127.0.0.1) appended the real one.
    for (let i = 0; i < LIMITS.perAddress + 2; i++)
      statuses.push(
        (await passwordGrantFrom(server.url, "127.0.0.1", `nobody-${uid()}`, "x", `203.0.113.${i}, ${client}`)).status,
      );
    expect(statuses).toEqual([...Array(LIMITS.perAddress).fill(400), 429, 429]);
    expect((await passwordGrantFrom(server.url, "127.0.0.1", `nobody-${uid()}`, "x", `${client}9`)).status).toBe(400);
  });
});

describe("password hashing has bounded concurrency", () => {
  it("a flood of password grants beyond the hashing queue answers 503 with Retry-After, and sign-in works afterwards", async () => {
    const w = await makeWorld();
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        passwordGrantFrom(
          server.url,
          "127.0.0.1",
          `nobody-${uid()}`,
          "x",
          `10.88.${i}.${Math.floor(Math.random() * 250)}`,
        ),
      ),
    );
    const statuses = flood.map((r) => r.status);
    expect(
      statuses.every((s) => s === 400 || s === 503),
      statuses.join(","),
    ).toBe(true);
    const refused = flood.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json.error).toBe("temporarily_unavailable");
    expect(Number(refused[0]!.headers["retry-after"])).toBeGreaterThan(0);
    expect((await passwordGrantFrom(server.url, freshLoopback(), `staff-${w.u}`, w.password)).status).toBe(200);
  });
});

describe("one address cannot lock a person out", () => {
  // An instance whose short window is 1 s, so one address can fail slowly without ever meeting the
  // per-(username, address) limit of that window, and so feed the account-wide ceiling alone.
  let slow: RunningServer;
  const SLOW = { perUserAndAddress: 2, perAccount: 8 };
  beforeAll(async () => {
    slow = await anotherInstance({
      RATE_LIMIT_USER: String(SLOW.perUserAndAddress),
      RATE_LIMIT_ACCOUNT: String(SLOW.perAccount),
      RATE_LIMIT_ADDRESS: "1000",
      RATE_LIMIT_WINDOW_SECONDS: "1",
      RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: "3600",
    });
  }, 120_000);
  afterAll(() => (slow as RunningServer | undefined)?.stop());

  it("wrong passwords from one address, sent too slowly for the short window, leave the right one working from elsewhere", async () => {
    const w = await makeWorld();
    const user = `staff-${w.u}`;
    const here = freshLoopback();
    const statuses: number[] = [];
    // As many failures as the account-wide ceiling, at most two in any 1-second window (three
    // would need 1.2 s).
    for (let i = 0; i < SLOW.perAccount; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 600));
      statuses.push((await passwordGrantFrom(slow.url, here, user, "wrong")).status);
    }
    expect((await passwordGrantFrom(slow.url, freshLoopback(), user, w.password)).status).toBe(200);
    expect((await webSignInFrom(slow.url, freshLoopback(), user, w.password)).signedIn).toBe(true);
    // The address had used its share of the account's allowance (a quarter of it) and was refused.
    expect(statuses.slice(0, SLOW.perAccount / 4)).toEqual([400, 400]);
    expect(statuses.slice(SLOW.perAccount / 4)).toEqual(Array(SLOW.perAccount - SLOW.perAccount / 4).fill(429));
  }, 60_000);
});

describe("what a caller sends cannot bloat the limits' table", () => {
  it("a 3,000-character username on the sign-in form is a failed sign-in, like on the token operation", async () => {
    // Random characters: PostgreSQL would compress a repetitive one below its index's size limit.
    const long = `nobody-${uid()}-${randomBytes(2_250).toString("base64url")}`;
    const web = await webSignInFrom(server.url, freshLoopback(), long, "wrong");
    expect(web.status).toBe(401);
    expect(web.error).toBe("CredentialsSignin");
    expect((await passwordGrantFrom(server.url, freshLoopback(), long, "wrong")).status).toBe(400);
  });

  it("the counters are keyed by a fixed-size digest, never by the username or address sent", async () => {
    const name = `nobody-${uid()}`;
    const from = freshLoopback();
    expect((await webSignInFrom(server.url, from, name.padEnd(200, "y"), "wrong")).status).toBe(401);
    expect((await passwordGrantFrom(server.url, from, name, "wrong")).status).toBe(400);
    const rows = await db.$queryRaw<
      { n: number }[]
    >`select count(*)::int as n from "RateLimit" where key like ${`%${name}%`} or key like ${`%${from}%`}`;
    expect(rows[0]?.n).toBe(0);
  });

  it("counters whose window ended are deleted as sign-ins come", async () => {
    const ended = `test:ended:${uid()}`;
    const current = `test:current:${uid()}`;
    // One window that ended long ago, and one that ends in fifty minutes.
    await db.$executeRaw`insert into "RateLimit" (key, "windowEnds", count) values (${ended}, timestamp '2001-01-01', 7), (${current}, (now() at time zone 'UTC') + interval '50 minutes', 7)`;
    expect((await webSignInFrom(server.url, freshLoopback(), `nobody-${uid()}`, "wrong")).status).toBe(401);
    const left = await db.$queryRaw<{ key: string }[]>`select key from "RateLimit" where key in (${ended}, ${current})`;
    expect(left.map((r) => r.key)).toEqual([current]);
    await db.$executeRaw`delete from "RateLimit" where key = ${current}`;
  });
});

describe("one address cannot hold up everyone's sign-in", () => {
  it("a flood of password grants from one address gets its share of the hashing queue; a sign-in from another address is answered meanwhile", async () => {
    const w = await makeWorld();
    const here = freshLoopback();
    // Fewer than the address limit, so every refusal below comes from the hashing queue.
    const flood = Array.from({ length: LIMITS.perAddress - 2 }, () =>
      passwordGrantFrom(server.url, here, `nobody-${uid()}`, "x"),
    );
    // Once the flood is being refused, the queue is as full as it will get: sign in from elsewhere then.
    const firstRefusal = new Promise<void>((resolve) => {
      for (const p of flood)
        void p.then((r) => {
          if (r.status !== 400) resolve();
        });
    });
    await Promise.race([firstRefusal, Promise.all(flood)]);
    const other = await passwordGrantFrom(server.url, freshLoopback(), `staff-${w.u}`, w.password);
    const results = await Promise.all(flood);
    expect(other.status).toBe(200);
    const statuses = results.map((r) => r.status);
    // The address's own attempts beyond its share are refused with 429, never the 503 of a full queue.
    expect(
      statuses.every((s) => s === 400 || s === 429),
      statuses.join(","),
    ).toBe(true);
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json.error).toBe("slow_down");
    expect(Number(refused[0]!.headers["retry-after"])).toBeGreaterThan(0);
  });
});
