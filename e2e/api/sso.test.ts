import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCaregiver, makeClient, makeClinic, makeStaff } from "@/prisma/factories";
import { startFakeIdp } from "./support/fake-idp";
import { IDP_CLIENT, idpCode, makeHeldPeople, makeSsoInstitute, registerIdp } from "./support/sso";
import { expectProblem } from "./support/expect-problem";
import { tokenOf } from "./support/invitation-link";
import { api, db, locationId, login, makeWorld, uid } from "./support/world";

const SSO = "/gateway/profile/institute/sso";

async function ssoWorld() {
  const u = uid();
  const institute = await makeSsoInstitute(`SSO Institute ${u}`);
  const clinic = await makeClinic(db, {
    name: `SSO Clinic ${u}`,
    email: `sso-clinic-${u}@test.test`,
    instituteId: institute.id,
  });
  const caregiver = await makeCaregiver(db, {
    clinicIds: [clinic.id],
    name: `SSO Carer ${u}`,
    email: `sso-carer-${u}@test.test`,
  });
  const client = await makeClient(db, {
    clinicId: clinic.id,
    name: `SSO Client ${u}`,
    email: `sso-client-${u}@test.test`,
    careTeam: [caregiver.id],
  });
  const body = (over: Record<string, unknown>) => ({
    apiKey: institute.apiKey,
    clientId: IDP_CLIENT.id,
    clinicEmail: clinic.email,
    userType: "CLIENT",
    redirect_uri: IDP_CLIENT.redirectUri,
    ...over,
  });
  return { u, institute, clinic, caregiver, client, body };
}

/**
 * The clinic's staff set the client's email to an address they hold at the IdP, then sign in there:
 * the SSO operation must not give them the client's sign-in.
 */
async function expectStaffChangeRefused(w: Awaited<ReturnType<typeof ssoWorld>>, clientId: number) {
  await makeStaff(db, {
    clinicId: w.clinic.id,
    name: `Staff ${w.u}`,
    email: `staff-${w.u}@test.test`,
    username: `staff-of-${w.u}`,
    password: `pw-${w.u}`,
  });
  const staff = await login(`staff-of-${w.u}`, `pw-${w.u}`);
  const held = `held-by-staff-${w.u}@test.test`;
  const changed = await api(`/gateway/profile/clinic/client/${clientId}`, {
    method: "PATCH",
    token: staff,
    body: { email: held },
  });
  expect(changed.status, changed.text).toBe(200);
  const r = await api(SSO, { body: w.body({ code: await idpCode({ username: `t-${w.u}`, email: held }) }) });
  expectProblem(r, 403);
  expect(r.json.access_token).toBeUndefined();
}

const counts = async (clinicId: number) => ({
  accounts: await db.account.count({
    where: { OR: [{ client: { clinicId } }, { caregiver: { clinics: { some: { clinicId } } } }] },
  }),
  clients: await db.client.count({ where: { clinicId } }),
  caregivers: await db.caregiverClinic.count({ where: { clinicId } }),
});

describe("POST /gateway/profile/institute/sso with a real OpenID provider", () => {
  it("exchanges a code for a CLIENT's token, ignoring an Authorization header", async () => {
    const w = await ssoWorld();
    const code = await idpCode({ username: `c-${w.u}`, email: `sso-client-${w.u}@test.test` });
    const r = await api(SSO, { body: w.body({ code }), headers: { authorization: "bearer not-a-token" } });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["access_token", "expires_in", "refresh_token", "scope", "token_type"]);
    expect(r.json.scope).toBe("CLIENT");
    const account = await db.account.findUniqueOrThrow({ where: { clientId: w.client.id } });
    expect(account.role).toBe("CLIENT");
    expect(account.passwordHash).toBeNull();
  });

  it("exchanges a code for a CAREGIVER's token that reads the caregiver's sessions, and reuses the user the second time", async () => {
    const w = await ssoWorld();
    const person = { username: `g-${w.u}`, email: `SSO-CARER-${w.u}@test.test` };
    const first = await api(SSO, { body: w.body({ userType: "CAREGIVER", code: await idpCode(person) }) });
    expect(first.status, first.text).toBe(200);
    expect(first.json.scope).toBe("CAREGIVER");
    expect((await api("/gateway/profile/caregiver/session", { token: first.json.access_token })).status).toBe(200);
    const before = await counts(w.clinic.id);
    const second = await api(SSO, { body: w.body({ userType: "CAREGIVER", code: await idpCode(person) }) });
    expect(second.status).toBe(200);
    expect(second.json.access_token).not.toBe(first.json.access_token);
    expect(await counts(w.clinic.id)).toEqual(before);
    expect(await db.account.count({ where: { caregiverId: w.caregiver.id } })).toBe(1);
  });

  it("makes a caregiver's account even where someone of another institute tried to take its username first", async () => {
    const w = await ssoWorld();
    // Staff of another institute invite a care provider of theirs, who asks for the username that
    // single sign-on gives this institute's caregiver (sso-caregiver-<id>: ids are sequential).
    const other = await makeWorld();
    const staff = await other.token("staff");
    const added = await api("/gateway/profile/clinic/caregiver", {
      token: staff,
      body: { name: `Squatter ${w.u}`, email: `squat-${w.u}@test.test`, position: "Therapist" },
    });
    expect(added.status, added.text).toBe(201);
    const invitation = await api(`/gateway/profile/clinic/caregiver/${locationId(added)}/invitation`, {
      token: staff,
      method: "POST",
    });
    expect(invitation.status, invitation.text).toBe(201);
    // Nor a name that reads as one in the audit log (found by the attack review of 2026-12-02).
    for (const username of [
      `SSO-Caregiver-${w.caregiver.id}`,
      `sso.caregiver-${w.caregiver.id}`,
      `sso_client-${w.caregiver.id}`,
      `sso+caregiver-${w.caregiver.id}`,
    ]) {
      const squat = await api("/gateway/uaa/invitation", {
        body: { token: tokenOf(invitation.json.url), username, password: "a long enough password" },
      });
      expectProblem(squat, 400, "username");
    }
    expect(await db.account.count({ where: { username: `sso-caregiver-${w.caregiver.id}` } })).toBe(0);

    const person = { username: `g-${w.u}`, email: `sso-carer-${w.u}@test.test` };
    const r = await api(SSO, { body: w.body({ userType: "CAREGIVER", code: await idpCode(person) }) });
    expect(r.status, r.text).toBe(200);
    expect(r.json.scope).toBe("CAREGIVER");
  });

  it("makes a caregiver's account where someone took, before the names were kept, the username it once got", async () => {
    const w = await ssoWorld();
    // Until 2026-12-02 an invitee could choose sso-caregiver-<id>, the name single sign-on gave the
    // account it made for caregiver <id>; such a sign-in may still hold it, in any institute.
    const other = await makeWorld();
    await makeCaregiver(db, {
      clinicIds: [other.clinic.id],
      name: `Early ${w.u}`,
      email: `early-${w.u}@test.test`,
      username: `sso-caregiver-${w.caregiver.id}`,
      password: "a long enough password",
    });
    const person = { username: `e-${w.u}`, email: `sso-carer-${w.u}@test.test` };
    const r = await api(SSO, { body: w.body({ userType: "CAREGIVER", code: await idpCode(person) }) });
    expect(r.status, r.text).toBe(200);
    expect(r.json.scope).toBe("CAREGIVER");
    expect((await api("/gateway/profile/caregiver/session", { token: r.json.access_token })).status).toBe(200);
    // Named with a ":", which no one can choose.
    expect(await db.account.findMany({ where: { caregiverId: w.caregiver.id }, select: { username: true } })).toEqual([
      { username: `sso:caregiver-${w.caregiver.id}` },
    ]);
  });

  it("refuses a code used twice (401) and creates nothing", async () => {
    const w = await ssoWorld();
    const code = await idpCode({ username: `r-${w.u}`, email: `sso-client-${w.u}@test.test` });
    expect((await api(SSO, { body: w.body({ code }) })).status).toBe(200);
    const before = await counts(w.clinic.id);
    const again = await api(SSO, { body: w.body({ code }) });
    expect(again.status).toBe(401);
    expect(again.headers.get("content-type")).toBe("application/problem+json");
    expect(again.json.detail).toMatch(/already been used/);
    expect(await counts(w.clinic.id)).toEqual(before);
  });

  it("answers 502 naming the platform's client credentials when the provider refuses the registered secret", async () => {
    const w = await ssoWorld();
    await registerIdp(w.institute.id, { secret: "not-the-registered-secret" });
    const code = await idpCode({ username: `s-${w.u}`, email: `sso-client-${w.u}@test.test` });
    const before = await counts(w.clinic.id);
    const r = await api(SSO, { body: w.body({ code }) });
    // Not the caller's code: the operator's registration is wrong, which the caller cannot mend.
    expect(r.status, r.text).toBe(502);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.json.detail).toMatch(/refused the platform's client registered for this institute/);
    expect(r.json.detail).not.toMatch(/refused the code/);
    expect(await counts(w.clinic.id)).toEqual(before);
  });

  it("answers 401 for a wrong apiKey or clientId, 404 for a clinic of another institute, 400 for userType INSTITUTE", async () => {
    const w = await ssoWorld();
    const other = await ssoWorld();
    const before = await counts(w.clinic.id);
    const cases: [Record<string, unknown>, number][] = [
      [{ apiKey: "wrong" }, 401],
      [{ clientId: "someone-else" }, 401],
      [{ clinicEmail: other.clinic.email }, 404],
      [{ clinicEmail: "nobody@nowhere.test" }, 404],
      [{ userType: "INSTITUTE" }, 400],
      [{ code: "" }, 400],
      [{ redirect_uri: 5 }, 400],
    ];
    for (const [over, status] of cases) {
      const r = await api(SSO, { body: w.body({ code: "whatever", ...over }) });
      expect(r.status, JSON.stringify(over)).toBe(status);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
    }
    expect(await counts(w.clinic.id)).toEqual(before);
  });

  it("refuses an unknown person (403) unless the institute allows provisioning, and then creates exactly one", async () => {
    const w = await ssoWorld();
    const person = { username: `n-${w.u}`, email: `new-${w.u}@test.test` };
    const before = await counts(w.clinic.id);
    const refused = await api(SSO, { body: w.body({ code: await idpCode(person) }) });
    expect(refused.status).toBe(403);
    expect(await counts(w.clinic.id)).toEqual(before);

    await registerIdp(w.institute.id, { allowProvisioning: true });
    const created = await api(SSO, { body: w.body({ code: await idpCode(person) }) });
    expect(created.status, created.text).toBe(200);
    expect(await db.client.count({ where: { clinicId: w.clinic.id, email: person.email } })).toBe(1);
    const again = await api(SSO, { body: w.body({ code: await idpCode(person) }) });
    expect(again.status).toBe(200);
    expect(await db.client.count({ where: { clinicId: w.clinic.id, email: person.email } })).toBe(1);

    const carer = await api(SSO, {
      body: w.body({
        userType: "CAREGIVER",
        code: await idpCode({ username: `nc-${w.u}`, email: `newcarer-${w.u}@test.test` }),
      }),
    });
    expect(carer.status).toBe(200);
    expect(
      await db.caregiver.count({
        where: { email: `newcarer-${w.u}@test.test`, clinics: { some: { clinicId: w.clinic.id } } },
      }),
    ).toBe(1);
  });

  it("refuses held people (403 problem+json), even where the institute provisions: no account, no token, no second person", async () => {
    const w = await ssoWorld();
    await registerIdp(w.institute.id, { allowProvisioning: true });
    const held = await makeHeldPeople(w.clinic.id, w.u);
    const before = await counts(w.clinic.id);
    for (const h of held) {
      const code = await idpCode({ username: `h-${uid()}`, email: h.email });
      const r = await api(SSO, { body: w.body({ userType: h.userType, code }) });
      expectProblem(r, 403);
      expect(r.json.detail, h.email).toMatch(/status does not allow signing in/);
      expect(await db.account.count({ where: h.person }), h.email).toBe(0);
    }
    expect(await counts(w.clinic.id)).toEqual(before);
    expect(await db.caregiver.count({ where: { instituteId: w.institute.id } })).toBe(4);
  });

  // Found by the review as an attacker on the pages (2026-12-06), with the web's sign-in through the
  // IdP: staff may change a person's email, and the exchange followed it to the person's existing
  // sign-in, so staff who set it to an address they hold at the IdP got that person's tokens.
  it("refuses a person whose sign-in has another address than the IdP's email (staff changed the person's)", async () => {
    const w = await ssoWorld();
    const own = `own-${w.u}@test.test`;
    const client = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Own ${w.u}`,
      email: own,
      username: `own-${w.u}`,
      password: `pw-${w.u}`,
    });
    await expectStaffChangeRefused(w, client.id);
  });

  it("keeps the IdP's address on a sign-in it makes: staff who change the person's email do not reach it", async () => {
    const w = await ssoWorld();
    const email = `sso-client-${w.u}@test.test`;
    const made = await api(SSO, { body: w.body({ code: await idpCode({ username: `m-${w.u}`, email }) }) });
    expect(made.status, made.text).toBe(200);
    const account = await db.account.findUniqueOrThrow({ where: { clientId: w.client.id } });
    expect(account.email).toBe(email);
    expect(account.passwordHash).toBeNull();
    await expectStaffChangeRefused(w, w.client.id);
  });

  it("checks the nonce when one is given", async () => {
    const w = await ssoWorld();
    const person = { username: `nn-${w.u}`, email: `sso-client-${w.u}@test.test` };
    expect(
      (await api(SSO, { body: w.body({ code: await idpCode(person, { nonce: "n-1" }), nonce: "n-1" }) })).status,
    ).toBe(200);
    expect(
      (await api(SSO, { body: w.body({ code: await idpCode(person, { nonce: "n-1" }), nonce: "n-2" }) })).status,
    ).toBe(401);
  });
});

describe("SSO against a broken identity provider", () => {
  let fake: Awaited<ReturnType<typeof startFakeIdp>>;
  beforeAll(async () => {
    fake = await startFakeIdp("fake-app");
  });
  afterAll(() => fake.stop());

  async function fakeWorld(allowProvisioning = false) {
    const w = await ssoWorld();
    await registerIdp(w.institute.id, {
      issuer: fake.issuer,
      clientId: "fake-app",
      secret: "fake-secret",
      allowProvisioning,
    });
    return {
      ...w,
      body: (over: Record<string, unknown>) => w.body({ clientId: "fake-app", code: "fake-code", ...over }),
    };
  }

  it("accepts a valid ID token and an empty redirect_uri (native app)", async () => {
    const w = await fakeWorld();
    fake.set("ok", `sso-client-${w.u}@test.test`);
    const r = await api(SSO, { body: w.body({ redirect_uri: "" }) });
    expect(r.status, r.text).toBe(200);
  });

  it.each([
    ["wrong-audience", 401, /aud/],
    ["bad-signature", 401, /signature/],
    ["expired", 401, /expired/],
    ["garbage", 502, /not JSON/],
    ["no-email", 403, /no email/],
  ] as const)("%s → %i, nothing created", async (mode, status, detail) => {
    const w = await fakeWorld(true);
    fake.set(mode, `brand-new-${w.u}@test.test`);
    const before = await counts(w.clinic.id);
    const r = await api(SSO, { body: w.body({}) });
    expect(r.status, r.text).toBe(status);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.json.detail).toMatch(detail);
    expect(await counts(w.clinic.id)).toEqual(before);
  });

  it("answers 502 when the identity provider is down, and the rest of the API keeps working", async () => {
    const w = await ssoWorld();
    await registerIdp(w.institute.id, { issuer: "http://127.0.0.1:9", clientId: "fake-app" });
    const r = await api(SSO, { body: w.body({ clientId: "fake-app", code: "x" }) });
    expect(r.status).toBe(502);
    expect(r.json.detail).toMatch(/could not be reached/);
    expect((await api("/gateway/health")).status).toBe(200);
  });
});
