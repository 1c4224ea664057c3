// One-time invitation links (docs/care-providers.md): staff create or renew them for care providers
// who may accept one and for clients without a sign-in; the invitee chooses a username and password
// with POST /gateway/uaa/invitation. Only the token's SHA-256 is stored; a link works once, for 7
// days, until renewed; two submissions at once make exactly one account.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/dates";
import { makeClient } from "@/prisma/factories";
import { expectProblem } from "./support/expect-problem";
import { api, db, login, makeWorld, uid, type World } from "./support/world";
import { tokenOf } from "./support/invitation-link";

const CAREGIVERS = "/gateway/profile/clinic/caregiver";
const ACCEPT = "/gateway/uaa/invitation";

/** A care provider added by the clinic's staff with `status`; their id. */
async function addCarer(w: World, activationStatus = "INVITED") {
  const u = uid();
  const email = `inv-${u}@test.test`;
  const r = await api(CAREGIVERS, {
    token: await w.token("staff"),
    body: { name: `Invited ${u}`, email, position: "Therapist", activationStatus },
  });
  expect(r.status, r.text).toBe(201);
  return { id: Number(r.headers.get("location")?.split("/").pop()), email };
}

async function invite(w: World, id: number) {
  const r = await api(`${CAREGIVERS}/${id}/invitation`, { token: await w.token("staff"), method: "POST" });
  expect(r.status, r.text).toBe(201);
  return { ...r.json, token: tokenOf(r.json.url) } as { url: string; expiresAt: string; token: string };
}

const accept = (token: string, username = `user-${uid()}`, password = "a long enough password") =>
  api(ACCEPT, { body: { token, username, password } });

describe("caregiver invitations", () => {
  it("a link for an INVITED care provider: stored hashed, 7 days; accepting makes them ACTIVE with a sign-in", async () => {
    const w = await makeWorld();
    const { id } = await addCarer(w);
    const before = Date.now();
    const inv = await invite(w, id);
    expect(inv.url.startsWith("http")).toBe(true);
    const row = await db.invitation.findFirstOrThrow({ where: { caregiverId: id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(inv.token).digest("base64url"));
    expect(JSON.stringify(row)).not.toContain(inv.token);
    expect(row.clinicId).toBe(w.clinic.id);
    const days = (row.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const detail = await api(`${CAREGIVERS}/${id}`, { token: await w.token("staff") });
    expect(detail.json.invitation).toEqual({ state: "OPEN", clinicId: w.clinic.id, expiresAt: inv.expiresAt });

    const username = `Carer.${uid()}@Test.test`;
    const r = await accept(inv.token, username);
    expect(r.status, r.text).toBe(201);
    expect(r.json).toEqual({ username: username.toLowerCase(), role: "CAREGIVER" });
    const token = await login(username.toLowerCase(), "a long enough password");
    expect((await api("/gateway/profile/caregiver/session", { token })).status).toBe(200);
    const after = await api(`${CAREGIVERS}/${id}`, { token: await w.token("staff") });
    expect(after.json).toMatchObject({ activationStatus: "ACTIVE", hasSignIn: true, invitation: { state: "USED" } });

    // One-time: a second use is refused, and so is a new link for someone with a sign-in.
    const again = await accept(inv.token);
    expectProblem(again, 409);
    expect(again.json.detail).toMatch(/already used/);
    const renew = await api(`${CAREGIVERS}/${id}/invitation`, { token: await w.token("staff"), method: "POST" });
    expect(renew.status).toBe(409);
  });

  it("signs in with the chosen username typed in any case, as a phone's keyboard may capitalise it", async () => {
    const w = await makeWorld();
    const { id } = await addCarer(w);
    const inv = await invite(w, id);
    const username = `carer.${uid()}@test.test`;
    expect((await accept(inv.token, username)).status).toBe(201);
    for (const typed of [username, `C${username.slice(1)}`, ` ${username.toUpperCase()} `]) {
      const token = await login(typed, "a long enough password");
      expect((await api("/gateway/profile/caregiver/session", { token })).status).toBe(200);
    }
    await expect(login(username.toUpperCase(), "a wrong password here")).rejects.toThrow(
      /failed: 400 .*"invalid_grant"/,
    );
  });

  it("is for every status but INACTIVE and DECLINED; a status change to those revokes an open link", async () => {
    const w = await makeWorld();
    for (const status of ["PENDING", "OPEN", "ACTIVE", "VERIFIED"]) await invite(w, (await addCarer(w, status)).id);
    for (const status of ["INACTIVE", "DECLINED"]) {
      const { id } = await addCarer(w, status);
      const r = await api(`${CAREGIVERS}/${id}/invitation`, { token: await w.token("staff"), method: "POST" });
      expectProblem(r, 409);
      expect(await db.invitation.count({ where: { caregiverId: id } })).toBe(0);
    }
    const { id } = await addCarer(w);
    const inv = await invite(w, id);
    await api(`${CAREGIVERS}/${id}`, {
      token: await w.token("staff"),
      method: "PATCH",
      body: { activationStatus: "INACTIVE" },
    });
    const r = await accept(inv.token);
    expectProblem(r, 409);
    // Revoked by the status change, not by a newer link: the person is not sent looking for one.
    expect(r.json.detail).toMatch(/no longer applies/);
    const page = await api(`/invite/${inv.token}`);
    expect(page.text).toContain("This invitation no longer applies");
    expect(page.text).not.toContain("This invitation was replaced");
    expect(await db.account.count({ where: { caregiverId: id } })).toBe(0);
  });

  it("renewing revokes the previous link; an expired link is refused; an unknown token is 404", async () => {
    const w = await makeWorld();
    const { id } = await addCarer(w);
    const first = await invite(w, id);
    const second = await invite(w, id);
    const old = await accept(first.token);
    expectProblem(old, 409);
    expect(old.json.detail).toMatch(/replaced/);
    await db.invitation.updateMany({
      where: { caregiverId: id, revokedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await accept(second.token);
    expectProblem(expired, 409);
    expect(expired.json.detail).toMatch(/expired/);
    expect((await api(`${CAREGIVERS}/${id}`, { token: await w.token("staff") })).json.invitation.state).toBe("EXPIRED");
    const unknown = await accept("x".repeat(43));
    expectProblem(unknown, 404);
    expect(await db.account.count({ where: { caregiverId: id } })).toBe(0);
    // A third link works.
    expect((await accept((await invite(w, id)).token)).status).toBe(201);
  });

  it("a taken username is a field error and uses nothing up; a short password is 400", async () => {
    const w = await makeWorld();
    const { id } = await addCarer(w);
    const inv = await invite(w, id);
    const taken = await accept(inv.token, w.staff.username);
    expectProblem(taken, 409, "username");
    expect(taken.json.errors).toEqual([{ path: "username", message: expect.stringMatching(/taken/) }]);
    const short = await accept(inv.token, `u-${uid()}`, "short");
    expectProblem(short, 400, "password");
    expect(short.json.errors.map((e: { path: string }) => e.path)).toEqual(["password"]);
    const row = await db.invitation.findFirstOrThrow({ where: { caregiverId: id } });
    expect(row.usedAt).toBeNull();
    expect(await db.caregiver.findUniqueOrThrow({ where: { id }, select: { activationStatus: true } })).toEqual({
      activationStatus: "INVITED",
    });
    expect((await accept(inv.token)).status).toBe(201);
  });

  it("refuses a bad body with 400 or 415 problem+json naming the field, and uses nothing up", async () => {
    const w = await makeWorld();
    const { id } = await addCarer(w);
    const inv = await invite(w, id);
    const good = { token: inv.token, username: `u-${uid()}`, password: "a long enough password" };
    const cases: [string, { body?: unknown; raw?: string; type?: string }, number, string?][] = [
      ["malformed JSON", { raw: '{"token":', type: "application/json" }, 400],
      ["no token", { body: { ...good, token: undefined } }, 400, "token"],
      ["an empty token", { body: { ...good, token: "" } }, 400, "token"],
      ["a token of another type", { body: { ...good, token: 42 } }, 400, "token"],
      ["no username", { body: { ...good, username: undefined } }, 400, "username"],
      ["a username with a space", { body: { ...good, username: "two words" } }, 400, "username"],
      ["no password", { body: { ...good, password: undefined } }, 400, "password"],
      ["a text body", { raw: JSON.stringify(good), type: "text/plain" }, 415],
    ];
    for (const [name, c, status, path] of cases) {
      const r = await api(ACCEPT, {
        ...(c.raw === undefined ? { body: c.body } : { rawBody: c.raw, headers: { "content-type": c.type ?? "" } }),
      });
      expect(r.status, name).toBe(status);
      expectProblem(r, status, path);
    }
    expect(await db.invitation.findFirstOrThrow({ where: { caregiverId: id } })).toMatchObject({ usedAt: null });
    expect(await db.account.count({ where: { caregiverId: id } })).toBe(0);
    expect((await accept(inv.token)).status).toBe(201);
  });

  it("answers an invitation's expiresAt in the caller's offset: on creation and on the care provider's read", async () => {
    const w = await makeWorld();
    const { id } = await addCarer(w);
    const r = await api(`${CAREGIVERS}/${id}/invitation`, {
      token: await w.token("staff"),
      method: "POST",
      headers: { offset: "+05:30" },
    });
    expect(r.status, r.text).toBe(201);
    const row = await db.invitation.findFirstOrThrow({ where: { caregiverId: id } });
    expect(r.json.expiresAt).toBe(formatDate(row.expiresAt, 330));
    const read = await api(`${CAREGIVERS}/${id}`, { token: await w.token("staff"), headers: { offset: "-5" } });
    expect(read.json.invitation.expiresAt).toBe(formatDate(row.expiresAt, -300));
    expect((await api(`${CAREGIVERS}/${id}`, { token: await w.token("staff") })).json.invitation.expiresAt).toBe(
      formatDate(row.expiresAt, 0),
    );
  });

  it("two accepts at once make exactly one account", async () => {
    const w = await makeWorld();
    for (let round = 0; round < 3; round++) {
      const { id } = await addCarer(w);
      const inv = await invite(w, id);
      const results = await Promise.all([accept(inv.token), accept(inv.token), accept(inv.token)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await db.account.count({ where: { caregiverId: id } })).toBe(1);
    }
  });
});

describe("client invitations", () => {
  it("a client without a sign-in accepts a link and signs in as a client", async () => {
    const w = await makeWorld();
    const u = uid();
    const client = await makeClient(db, { clinicId: w.clinic.id, name: `New ${u}`, email: `nc-${u}@test.test` });
    const r = await api(`/gateway/profile/clinic/client/${client.id}/invitation`, {
      token: await w.token("staff"),
      method: "POST",
    });
    expect(r.status, r.text).toBe(201);
    const username = `client-${uid()}`;
    const accepted = await accept(tokenOf(r.json.url), username);
    expect(accepted.json).toEqual({ username, role: "CLIENT" });
    const token = await login(username, "a long enough password");
    expect((await api(`/gateway/profile/clinic/client/${client.id}`, { token })).status).toBe(403);
  });

  it("answers a client invitation's expiresAt in the caller's offset, on creation and on the client's read", async () => {
    const w = await makeWorld();
    const u = uid();
    const client = await makeClient(db, { clinicId: w.clinic.id, name: `Off ${u}`, email: `off-${u}@test.test` });
    const r = await api(`/gateway/profile/clinic/client/${client.id}/invitation`, {
      token: await w.token("staff"),
      method: "POST",
      headers: { offset: "-03:30" },
    });
    expect(r.status, r.text).toBe(201);
    const row = await db.invitation.findFirstOrThrow({ where: { clientId: client.id } });
    expect(r.json.expiresAt).toBe(formatDate(row.expiresAt, -210));
    const read = await api(`/gateway/profile/clinic/client/${client.id}`, {
      token: await w.token("staff"),
      headers: { offset: "14" },
    });
    expect(read.json.invitation.expiresAt).toBe(formatDate(row.expiresAt, 14 * 60));
  });

  it("refuses clients with a sign-in or INACTIVE (409) and other clinics' clients (404)", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const u = uid();
    const inactive = await makeClient(db, { clinicId: w.clinic.id, name: `In ${u}`, email: `in-${u}@test.test` });
    await db.client.update({ where: { id: inactive.id }, data: { status: "INACTIVE" } });
    const path = (id: number) => `/gateway/profile/clinic/client/${id}/invitation`;
    expectProblem(await api(path(w.client.id), { token: await w.token("staff"), method: "POST" }), 409);
    expectProblem(await api(path(inactive.id), { token: await w.token("staff"), method: "POST" }), 409);
    expectProblem(await api(path(other.client.id), { token: await w.token("staff"), method: "POST" }), 404);
    expectProblem(await api(path(other.client.id), { token: await w.token("inst"), method: "POST" }), 404);
    expectProblem(await api(path(w.client.id), { token: await w.token("carer"), method: "POST" }), 403);
    expect(await db.invitation.count({ where: { clinicId: { in: [w.clinic.id, other.clinic.id] } } })).toBe(0);
  });
});
