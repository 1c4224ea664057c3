import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { startNext, type RunningServer } from "../../scripts/lib/processes";
import { makeClinic } from "@/prisma/factories";
import { IDP_CLIENT, idpCode, makeSsoInstitute, registerIdp } from "./support/sso";
import { PNG_1x1, api, baseUrl, db, makeWorld, uid } from "./support/world";

describe("security headers", () => {
  it("pages carry a nonce-based CSP without unsafe-inline scripts, frame-ancestors none, nosniff and a referrer policy", async () => {
    const res = await fetch(`${baseUrl}/signin`);
    const csp = res.headers.get("content-security-policy")!;
    const script = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src"))!;
    expect(script).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(script).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(script)![1]!;
    expect(html).toContain(`nonce="${nonce}"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const again = await fetch(`${baseUrl}/signin`);
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("gives a page's CSP to the not-found pages of paths that only begin like the gateway's or next-auth's", async () => {
    for (const path of ["/gatewayx", "/apix/anything", "/gateway-docs"]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(404);
      const csp = res.headers.get("content-security-policy") ?? "";
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, `${path}: ${csp}`).toBeDefined();
      expect(await res.text()).toContain(`nonce="${nonce ?? ""}"`);
    }
  });

  // HSTS when the request came over TLS: e2e/api/forwarded-headers.test.ts (a trusted proxy says so).
  it("locks gateway responses down", async () => {
    const r = await api("/gateway/health");
    expect(r.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("secrets at rest", () => {
  it("stores the apiKey hashed and the IdP client secret encrypted", async () => {
    const i = await makeSsoInstitute(`Secrets ${uid()}`);
    const row = await db.institute.findUniqueOrThrow({ where: { id: i.id } });
    expect(JSON.stringify(row)).not.toContain(i.apiKey);
    expect(JSON.stringify(row)).not.toContain("sso-test-secret");
    expect(row.idpClientSecretEnc).toMatch(/^v1\./);
  });
});

describe("audit log", () => {
  it("records every read of a session, a client and an image, and the clinic's staff can list it", async () => {
    const w = await makeWorld();
    const carer = await w.token("carer");
    const staff = await w.token("staff");
    const created = await api("/gateway/profile/clinic/client", {
      token: staff,
      body: {
        name: "Audited",
        email: `a-${uid()}@x.test`,
        imageData: PNG_1x1,
        imageExtension: "png",
        caregiverList: [w.caregiver.id],
      },
    });
    const clientId = Number(created.headers.get("location")!.split("/")[2]);
    await api(`/gateway/profile/caregiver/session/${w.session.id}`, { token: carer });
    await api(`/gateway/profile/clinic/client/${clientId}`, { token: carer });
    await api(`/gateway/profile/clinic/client/${clientId}/image`, { token: staff });
    // A read that is refused is not a read.
    await api(`/gateway/profile/caregiver/session/${w.session.id}`, { token: await w.token("outsider") });
    const log = await api("/gateway/profile/clinic/audit", { token: staff });
    expect(log.status).toBe(200);
    expect(
      log.json.content.map((e: { action: string; targetId: number; username: string }) => [
        e.action,
        e.targetId,
        e.username,
      ]),
    ).toEqual([
      ["READ_CLIENT_IMAGE", clientId, `staff-${w.u}`],
      ["READ_CLIENT", clientId, `carer-${w.u}`],
      ["READ_SESSION", w.session.id, `carer-${w.u}`],
    ]);
    expect(log.json.content[0].at).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(log.json).toMatchObject({ totalElements: 3, totalPages: 1 });
    // Pages of the same trail, each with the total; a page past the last too.
    const second = await api("/gateway/profile/clinic/audit?size=2&page=1", { token: staff });
    expect(second.json).toMatchObject({ content: [log.json.content[2]], totalElements: 3, totalPages: 2 });
    const past = await api("/gateway/profile/clinic/audit?size=2&page=5", { token: staff });
    expect(past.json).toMatchObject({ content: [], totalElements: 3, page: 5 });
    expect((await api("/gateway/profile/clinic/audit", { token: carer })).status).toBe(403);
    const other = await makeWorld();
    expect((await api("/gateway/profile/clinic/audit", { token: await other.token("staff") })).json.content).toEqual(
      [],
    );
  });

  // Found by the review as a privacy officer (2026-12-06): nothing but the code's good behaviour kept
  // a row once written. A read recorded stays recorded, whatever connection asks.
  it("keeps every row it wrote: the database refuses to change, remove or empty the trail", async () => {
    const w = await makeWorld();
    expect(
      (await api(`/gateway/profile/caregiver/session/${w.session.id}`, { token: await w.token("carer") })).status,
    ).toBe(200);
    const where = { clinicId: w.clinic.id, action: "READ_SESSION" as const, targetId: w.session.id };
    const rows = await db.auditLog.findMany({ where });
    expect(rows).toHaveLength(1);
    await expect(db.auditLog.deleteMany({ where })).rejects.toThrow(/append-only/);
    await expect(db.auditLog.updateMany({ where, data: { at: new Date(0) } })).rejects.toThrow(/append-only/);
    // Emptied in a transaction taken back whatever happens, so that the other tests' rows stay.
    const emptied = db.$transaction(async (tx) => {
      await tx.$executeRaw`truncate "AuditLog"`;
      throw new Error("taken back");
    });
    await expect(emptied).rejects.toThrow(/append-only/);
    expect(await db.auditLog.findMany({ where })).toEqual(rows);
  });
});

// A server's lines reach the test through pino's asynchronous destination and a pipe, after the
// answer they describe: a test waits for the line it needs instead of for a fixed time.
const LOGGED = { timeout: 15_000, interval: 20 };

describe("logs", () => {
  const lines: string[] = [];
  let server: RunningServer;
  beforeAll(async () => {
    // With an identity provider, so that next-auth's OAuth callback can refuse a forged one.
    const idp = {
      OIDC_ISSUER: inject("idpIssuer"),
      OIDC_CLIENT_ID: "security-test",
      OIDC_CLIENT_SECRET: "security-test-secret",
    };
    server = await startNext(
      await freePort(),
      { DATABASE_URL: inject("databaseUrl"), SECRET_KEY: inject("secretKey"), ...idp },
      // Node 24 warns at run time of deprecations that Node 20 names only with this flag, such as
      // openid-client's url.parse under next-auth: the lines must stay JSON on either.
      { onOutput: (l) => lines.push(l), nodeArgs: ["--pending-deprecation"] },
    );
  }, 120_000);
  afterAll(() => (server as RunningServer | undefined)?.stop());

  it("are JSON lines with request ids, and carry no names, emails, images or tokens", async () => {
    const w = await makeWorld();
    const token = await (
      await fetch(`${server.url}/gateway/uaa/oauth/token`, {
        method: "POST",
        body: new URLSearchParams({ grant_type: "password", username: `staff-${w.u}`, password: w.password }),
      })
    ).json();
    const secretName = `Secret Person ${w.u}`;
    const email = `secret-${w.u}@phi.test`;
    const headers = {
      authorization: `bearer ${token.access_token}`,
      "content-type": "application/json",
      "x-request-id": `req-${w.u}`,
    };
    const made = await fetch(`${server.url}/gateway/profile/clinic/client`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: secretName, email, imageData: PNG_1x1, imageExtension: "png" }),
    });
    expect(made.status).toBe(201);
    expect(made.headers.get("x-request-id")).toBe(`req-${w.u}`);
    const dup = await fetch(`${server.url}/gateway/profile/clinic/client`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: secretName, email }),
    });
    expect(dup.status).toBe(409);
    await fetch(`${server.url}/gateway/profile/clinic/client?search=${encodeURIComponent(secretName)}`, { headers });
    await expect.poll(() => lines.filter((l) => l.includes(`req-${w.u}`)).length, LOGGED).toBeGreaterThanOrEqual(3);
    const requestLines = lines.filter((l) => l.includes(`req-${w.u}`));
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    for (const l of requestLines) {
      const entry = JSON.parse(l);
      expect(entry).toMatchObject({ reqId: `req-${w.u}`, msg: "request", role: "CLINIC" });
      // The path asked for, not the static route the server forwarded it to (/gateway/by-path).
      expect(entry.route).toBe("/gateway/profile/clinic/client");
    }
    const all = lines.join("\n");
    for (const secret of [secretName, email, PNG_1x1.slice(0, 20), token.access_token, w.password])
      expect(all).not.toContain(secret);
  });

  it("say why an SSO sign-in was refused, by institute and in our words, never the code, email or secret", async () => {
    const u = uid();
    const institute = await makeSsoInstitute(`Logged SSO ${u}`);
    const clinic = await makeClinic(db, {
      name: `Logged SSO ${u}`,
      email: `logged-sso-${u}@test.test`,
      instituteId: institute.id,
    });
    const secret = `wrong-secret-${u}`;
    await registerIdp(institute.id, { secret });
    const email = `logged-sso-person-${u}@test.test`;
    // The institute's app presents a code, under a request id of ours.
    const present = (code: string, reqId: string) =>
      fetch(`${server.url}/gateway/profile/institute/sso`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": reqId },
        body: JSON.stringify({
          apiKey: institute.apiKey,
          clientId: IDP_CLIENT.id,
          clinicEmail: clinic.email,
          userType: "CLIENT",
          code,
          redirect_uri: IDP_CLIENT.redirectUri,
        }),
      });
    const code = await idpCode({ username: `logged-${u}`, email });
    const r = await present(code, `sso-${u}`);
    expect(r.status).toBe(502);
    // Then a refusal made once the provider has named the person: an unknown one, not provisioned.
    await registerIdp(institute.id);
    const known = await idpCode({ username: `logged-known-${u}`, email });
    const refused = await present(known, `sso-known-${u}`);
    expect(refused.status).toBe(403);
    const refusal = (reqId: string) =>
      lines
        .filter((l) => l.includes('"msg":"sso refused"'))
        .map((l) => JSON.parse(l))
        .find((e) => e.reqId === reqId);
    await expect.poll(() => refusal(`sso-known-${u}`), LOGGED).toBeDefined();
    expect(refusal(`sso-${u}`)).toMatchObject({ instituteId: institute.id, status: 502 });
    expect(refusal(`sso-${u}`)?.reason).toMatch(/client registered for this institute/);
    expect(refusal(`sso-known-${u}`)).toMatchObject({ instituteId: institute.id, status: 403 });
    expect(refusal(`sso-known-${u}`)?.reason).toMatch(/no user of this type with this email/);
    const all = lines.join("\n");
    for (const hidden of [code, known, email, secret, institute.apiKey]) expect(all).not.toContain(hidden);
  });

  it("have a request line and X-Request-Id for the token and revoke operations too, never the token", async () => {
    const w = await makeWorld();
    const form = (fields: Record<string, string>, id: string) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-request-id": id },
      body: new URLSearchParams(fields),
    });
    const granted = await fetch(
      `${server.url}/gateway/uaa/oauth/token`,
      form({ grant_type: "password", username: `staff-${w.u}`, password: w.password }, `tok-${w.u}`),
    );
    expect(granted.status).toBe(200);
    expect(granted.headers.get("x-request-id")).toBe(`tok-${w.u}`);
    const tokens = await granted.json();
    const refused = await fetch(
      `${server.url}/gateway/uaa/oauth/token`,
      form({ grant_type: "password", username: `staff-${w.u}`, password: "wrong password" }, `bad-${w.u}`),
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-request-id")).toBe(`bad-${w.u}`);
    const refreshed = await fetch(
      `${server.url}/gateway/uaa/oauth/token`,
      form({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, `ref-${w.u}`),
    );
    expect(refreshed.status).toBe(200);
    const renewed = await refreshed.json();
    const revoked = await fetch(
      `${server.url}/gateway/uaa/oauth/revoke`,
      form({ token: renewed.access_token }, `rev-${w.u}`),
    );
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get("x-request-id")).toBe(`rev-${w.u}`);
    expect(
      (await fetch(`${server.url}/gateway/uaa/oauth/revoke`, { method: "POST" })).headers.get("x-request-id"),
    ).toMatch(/^[0-9a-f-]{36}$/);
    // One output, in order: once the last named request's line is there, the others are too.
    await expect.poll(() => lines.some((l) => l.includes(`"reqId":"rev-${w.u}"`)), LOGGED).toBe(true);
    const line = (id: string) =>
      lines
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l))
        .find((e) => e.reqId === id && e.msg === "request");
    expect(line(`tok-${w.u}`)).toMatchObject({ method: "POST", route: "/gateway/uaa/oauth/token", status: 200 });
    expect(line(`bad-${w.u}`)).toMatchObject({ method: "POST", route: "/gateway/uaa/oauth/token", status: 400 });
    expect(line(`ref-${w.u}`)).toMatchObject({ method: "POST", route: "/gateway/uaa/oauth/token", status: 200 });
    expect(line(`rev-${w.u}`)).toMatchObject({ method: "POST", route: "/gateway/uaa/oauth/revoke", status: 200 });
    const all = lines.join("\n");
    for (const secret of [
      tokens.access_token,
      tokens.refresh_token,
      renewed.access_token,
      renewed.refresh_token,
      w.password,
      "wrong password",
    ])
      expect(all).not.toContain(secret);
  });
  it("have one request line for a path with malformed %-encoding, never its bytes", async () => {
    const id = `badpath-${uid()}`;
    for (const path of [
      "/gateway/profile/clinic/client/%FF",
      "/gateway/profile/clinic/client/123/%E0%A4%A/image",
      "/client/%C0",
    ]) {
      const r = await fetch(`${server.url}${path}`, { headers: { "x-request-id": `${id}-${path.length}` } });
      expect(r.status).toBe(400);
    }
    await expect.poll(() => lines.filter((l) => l.includes(id)).length, LOGGED).toBeGreaterThanOrEqual(3);
    const entries = lines.filter((l) => l.includes(id)).map((l) => JSON.parse(l));
    expect(entries.map((e) => [e.msg, e.method, e.route, e.status])).toEqual([
      ["request", "GET", "/gateway/profile/clinic/client/:malformed", 400],
      ["request", "GET", "/gateway/profile/clinic/client/:id/:malformed/image", 400],
      ["request", "GET", "/client/:malformed", 400],
    ]);
    for (const e of entries)
      expect(e).toMatchObject({
        level: 30,
        reqId: expect.stringContaining(id),
        ms: expect.any(Number),
        time: expect.any(String),
      });
    expect(lines.join("\n")).not.toMatch(/%FF|%E0%A4%A|%C0/);
  });

  it("carry nothing a caller put in next-auth's requests: no forged lines, no stacks, only JSON", async () => {
    const marker = `FORGED_${uid().replace(/\W/g, "_")}`;
    const forged = `javascript:\n${JSON.stringify({ level: 50, msg: marker, reqId: "x" })}\n`;
    const from = lines.length;
    const signin = await fetch(`${server.url}/api/auth/signin?callbackUrl=${encodeURIComponent(forged)}`, {
      redirect: "manual",
    });
    expect(signin.status).toBeLessThan(500);
    await fetch(`${server.url}/api/auth/signin`, {
      redirect: "manual",
      headers: { cookie: `next-auth.callback-url=${encodeURIComponent(forged)}` },
    });
    await fetch(`${server.url}/api/auth/providers?callbackUrl=${encodeURIComponent(forged)}`);
    // An OAuth callback that next-auth refuses (no state of ours): its error carries the caller's text.
    await fetch(`${server.url}/api/auth/callback/oidc?code=${marker}&state=${encodeURIComponent(forged)}`, {
      redirect: "manual",
    });
    // next-auth's endpoint for its browser client's own log lines writes what the caller sends.
    const reported = await fetch(`${server.url}/api/auth/_log`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        level: "error",
        code: marker,
        message: marker,
        stack: `Error: ${marker}\n    at x (y.js:1:1)`,
      }),
    });
    expect(reported.status).toBeLessThan(500);
    // A request after them all: its line comes after every line of theirs in the one output.
    const after = `after-${uid()}`;
    await fetch(`${server.url}/gateway/profile/clinic/client`, { headers: { "x-request-id": after } });
    await expect.poll(() => lines.some((l) => l.includes(`"reqId":"${after}"`)), LOGGED).toBe(true);
    const output = lines.slice(from).filter((l) => l.trim());
    expect(output.join("\n")).not.toContain(marker);
    expect(output.join("\n")).not.toMatch(/^\s+at |Invalid callback URL|javascript:/m);
    for (const l of output) expect(() => JSON.parse(l), l).not.toThrow();
    // Node's warning of openid-client's url.parse, which the sign-in made, is one of those lines.
    expect(output.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ msg: "process warning", code: "DEP0169", level: 40 }),
    );
    // What next-auth refused is still known, by its error code alone.
    expect(
      output
        .map((l) => JSON.parse(l))
        .some((e) => e.msg === "next-auth error" && /^[A-Z_]+$/.test(e.code) && e.level === 50),
    ).toBe(true);
  });
});

describe("the log of an unexpected error", () => {
  // A real fault: the database turns read-only (as a replica does after a failover), so every
  // write fails with SQLSTATE 25006, which nothing maps to a status of its own.
  const lines: string[] = [];
  let server: RunningServer;
  beforeAll(async () => {
    const readOnly = `${inject("databaseUrl")}${inject("databaseUrl").includes("?") ? "&" : "?"}options=${encodeURIComponent("-c default_transaction_read_only=on")}`;
    server = await startNext(
      await freePort(),
      { DATABASE_URL: readOnly, SECRET_KEY: inject("secretKey") },
      { onOutput: (l) => lines.push(l) },
    );
  }, 120_000);
  afterAll(() => (server as RunningServer | undefined)?.stop());

  it("names the error's class and code, never its message or the data", async () => {
    const w = await makeWorld();
    const staff = await w.token("staff");
    const secretName = `Unsaved Person ${w.u}`;
    const r = await fetch(`${server.url}/gateway/profile/clinic/client`, {
      method: "POST",
      headers: { authorization: `bearer ${staff}`, "content-type": "application/json", "x-request-id": `boom-${w.u}` },
      body: JSON.stringify({ name: secretName, email: `unsaved-${w.u}@phi.test` }),
    });
    expect(r.status).toBe(500);
    expect(r.headers.get("content-type")).toContain("application/problem+json");
    const body = await r.text();
    expect(body).not.toMatch(/25006|read-only|prisma|select|insert/i);
    // The request's line is written after the error's.
    await expect
      .poll(() => lines.some((l) => l.includes(`"reqId":"boom-${w.u}"`) && l.includes('"msg":"request"')), LOGGED)
      .toBe(true);
    const entries = lines.filter((l) => l.includes(`boom-${w.u}`)).map((l) => JSON.parse(l));
    const error = entries.find((e) => e.msg === "unhandled error");
    expect(error, lines.slice(-5).join("\n")).toBeDefined();
    expect(error.err.type).toMatch(/^[A-Za-z]\w+$/);
    expect(error.err.type).not.toBe("[redacted]");
    expect(error.err.sqlState ?? error.err.code).toBe("25006");
    expect(entries.find((e) => e.msg === "request")).toMatchObject({
      status: 500,
      route: "/gateway/profile/clinic/client",
    });
    const all = lines.join("\n");
    expect(all).not.toContain(secretName);
    expect(all).not.toMatch(/read-only transaction|\n\s+at /);
  });
});
