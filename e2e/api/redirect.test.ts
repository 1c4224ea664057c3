import { beforeAll, describe, expect, it } from "vitest";
import { webLogin } from "./support/web-login";
import { baseUrl, makeWorld } from "./support/world";

// A redirect target taken from the request (`callbackUrl`) is followed only where a browser would
// land on this site; every hostile target ends on a path of ours, never another host, never a 500.
const HOSTILE = [
  "/\\evil.example",
  "/%5Cevil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "\t//evil.example",
  "/\r\n/evil.example",
  "/%0d%0a/evil.example",
  "/clinic\r\nSet-Cookie: x=1",
  "//evil.example",
  "///evil.example",
  "/.//evil.example",
  "https://evil.example/",
  "https:evil.example",
  "http://evil.example@127.0.0.1.evil.example/",
  "javascript:alert(1)",
  "%2F%2Fevil.example",
  " //evil.example",
];

const ours = new URL(baseUrl);

/** Where a browser goes with this Location header. */
const landing = (location: string) => new URL(location, `${baseUrl}/signin`);

describe("the sign-in page's callbackUrl, signed in", () => {
  let cookie: string;
  beforeAll(async () => {
    const w = await makeWorld();
    cookie = (await webLogin(`staff-${w.u}`, w.password))!;
    expect(cookie).toBeTruthy();
  });

  it("follows a path of this site, with its query", async () => {
    const r = await fetch(`${baseUrl}/signin?callbackUrl=${encodeURIComponent("/clinic?tab=clients")}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(r.status).toBeGreaterThanOrEqual(300);
    expect(r.status).toBeLessThan(400);
    expect(landing(r.headers.get("location")!).href).toBe(`${ours.origin}/clinic?tab=clients`);
  });

  for (const target of HOSTILE) {
    it(`never leaves the site for ${JSON.stringify(target)}`, async () => {
      const query = `callbackUrl=${encodeURIComponent(target)}`;
      // Raw as well as encoded: %5C and %09 arrive decoded in the parameter either way.
      for (const url of [
        `${baseUrl}/signin?${query}`,
        `${baseUrl}/signin?callbackUrl=${target.replace(/[\t\r\n ]/g, encodeURIComponent)}`,
      ]) {
        const r = await fetch(url, { headers: { cookie }, redirect: "manual" });
        expect(r.status, `${url}: ${r.status}`).toBeLessThan(500);
        const location = r.headers.get("location");
        expect(location, url).toBeTruthy();
        const to = landing(location!);
        expect(to.origin, `${url} → ${location}`).toBe(ours.origin);
        expect(location, "a Location holds no control characters").not.toMatch(/[\u0000-\u001f\\]/);
      }
    });
  }
});

describe("next-auth's own callbackUrl (sign-in and sign-out)", () => {
  it("answers a URL of this site for every hostile target", async () => {
    const w = await makeWorld();
    for (const target of HOSTILE) {
      const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
      const jar = csrf.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const { csrfToken } = await csrf.json();
      const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
        body: new URLSearchParams({
          csrfToken,
          username: `staff-${w.u}`,
          password: w.password,
          json: "true",
          callbackUrl: target,
        }),
      });
      expect(signIn.status, target).toBeLessThan(500);
      const to = (await signIn.json()).url as string;
      expect(new URL(to, baseUrl).origin, `${JSON.stringify(target)} → ${to}`).toBe(ours.origin);
      const signOut = await fetch(`${baseUrl}/api/auth/signout`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
        body: new URLSearchParams({ csrfToken, json: "true", callbackUrl: target }),
      });
      expect(signOut.status, target).toBeLessThan(500);
      const out = (await signOut.json()).url as string;
      expect(new URL(out, baseUrl).origin, `${JSON.stringify(target)} → ${out}`).toBe(ours.origin);
    }
  });
});

describe("next-auth's endpoints with a callbackUrl that is no URL at all", () => {
  const bad = ["javascript:alert(1)", "data:text/html,x", "http://[::1", "\u0001"];
  for (const endpoint of ["session", "providers", "csrf"]) {
    it(`answer /api/auth/${endpoint} as without it, never a 500`, async () => {
      for (const target of bad) {
        const res = await fetch(`${baseUrl}/api/auth/${endpoint}?callbackUrl=${encodeURIComponent(target)}`, {
          redirect: "manual",
        });
        expect(res.status, `${endpoint} ${JSON.stringify(target)}`).toBe(200);
      }
    });
  }

  it("send the browser from /api/auth/signin to this site's sign-in page, not to an error", async () => {
    for (const target of bad) {
      const res = await fetch(`${baseUrl}/api/auth/signin?callbackUrl=${encodeURIComponent(target)}`, {
        redirect: "manual",
      });
      expect(res.status, JSON.stringify(target)).toBe(302);
      const to = landing(res.headers.get("location") ?? "");
      expect(to.origin).toBe(ours.origin);
      expect(to.pathname).toBe("/signin");
      expect(to.searchParams.get("error"), JSON.stringify(target)).toBeNull();
    }
  });

  it("answers a callback-url cookie that is no URL with a 400 problem+json that clears the cookie", async () => {
    for (const name of ["next-auth.callback-url", "__Secure-next-auth.callback-url"]) {
      const res = await fetch(`${baseUrl}/api/auth/session`, {
        headers: { cookie: `${name}=${encodeURIComponent("javascript:alert(1)")}` },
      });
      expect(res.status, name).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("set-cookie") ?? "", name).toMatch(
        new RegExp(`^${name.replace(/\./g, "\\.")}=;.*Max-Age=0`, "i"),
      );
    }
  });

  it("leaves good targets alone", async () => {
    const res = await fetch(`${baseUrl}/api/auth/session?callbackUrl=${encodeURIComponent("/clinic")}`);
    expect(res.status).toBe(200);
    const page = await fetch(`${baseUrl}/api/auth/signin?callbackUrl=${encodeURIComponent(`${baseUrl}/clinic`)}`, {
      redirect: "manual",
    });
    expect(page.status).toBe(302);
    expect(new URL(page.headers.get("location") ?? "", baseUrl).searchParams.get("callbackUrl")).toBe(
      `${baseUrl}/clinic`,
    );
  });
});
