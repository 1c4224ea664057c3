// What an identity provider says is checked strictly, and an authorization code is redeemed once
// on our side whatever the provider does: each case against the deliberately broken, lax provider.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClinic } from "@/prisma/factories";
import { IDP_ERROR_TEXT, startFakeIdp, type FakeMode } from "./support/fake-idp";
import { makeSsoInstitute, registerIdp } from "./support/sso";
import { api, db, uid } from "./support/world";

const SSO = "/gateway/profile/institute/sso";
type Fake = Awaited<ReturnType<typeof startFakeIdp>>;

let fake: Fake;
beforeAll(async () => {
  fake = await startFakeIdp("fake-app");
});
afterAll(() => fake.stop());

/** A clinic of an institute that allows provisioning, registered with `idp`. */
async function world(idp: Fake) {
  const u = uid();
  const institute = await makeSsoInstitute(`Strict ${u}`);
  await registerIdp(institute.id, {
    issuer: idp.issuer,
    clientId: "fake-app",
    secret: "fake-secret",
    allowProvisioning: true,
  });
  const clinic = await makeClinic(db, {
    name: `Strict Clinic ${u}`,
    email: `strict-${u}@test.test`,
    instituteId: institute.id,
  });
  const body = (over: Record<string, unknown> = {}) => ({
    apiKey: institute.apiKey,
    clientId: "fake-app",
    clinicEmail: clinic.email,
    userType: "CAREGIVER",
    redirect_uri: "",
    code: `code-${uid()}`,
    ...over,
  });
  return { u, email: `strict-person-${u}@test.test`, clinic, body };
}

const created = async (email: string) => ({
  caregivers: await db.caregiver.count({ where: { email } }),
  clients: await db.client.count({ where: { email } }),
});

describe("ID tokens and discovery documents are checked strictly", () => {
  it.each([
    ["email-verified-string", 403, /not verified/],
    ["foreign-azp", 401, /azp/],
    ["iat-ahead", 401, /iat/],
    ["error-text", 401, /refused the code/],
    // The platform's registration refused, however the provider says it: the operator's to mend.
    ["client-401-empty", 502, /refused the platform's client registered for this institute/],
    ["invalid-client-400", 502, /refused the platform's client registered for this institute/],
    ["unauthorized-client", 502, /refused the platform's client registered for this institute/],
  ] as [FakeMode, number, RegExp][])("%s → %i problem+json, nothing created", async (mode, status, detail) => {
    const w = await world(fake);
    fake.set(mode, w.email);
    for (const userType of ["CAREGIVER", "CLIENT"]) {
      const r = await api(SSO, { body: w.body({ userType }) });
      expect(r.status, r.text).toBe(status);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(r.json.detail).toMatch(detail);
      expect(r.text).not.toContain(IDP_ERROR_TEXT);
    }
    expect(await created(w.email)).toEqual({ caregivers: 0, clients: 0 });
  });

  it.each([
    ["foreign-endpoints", /discovery/],
    ["foreign-issuer", /discovery/],
  ] as const)(
    "a discovery document with %s is not followed (502), and no other origin receives anything",
    async (discovery, detail) => {
      const hostile = await startFakeIdp("fake-app", { discovery });
      try {
        const w = await world(hostile);
        hostile.set("ok", w.email);
        const r = await api(SSO, { body: w.body() });
        expect(r.status, r.text).toBe(502);
        expect(r.headers.get("content-type")).toBe("application/problem+json");
        expect(r.json.detail).toMatch(detail);
        expect(hostile.elsewhereRequests()).toBe(0);
        expect(hostile.tokenRequests()).toBe(0);
        expect(await created(w.email)).toEqual({ caregivers: 0, clients: 0 });
      } finally {
        await hostile.stop();
      }
    },
  );
});

describe("an authorization code is redeemed once, even where the identity provider would accept it again", () => {
  it("answers 401 to a replayed code without redeeming it a second time", async () => {
    const w = await world(fake);
    fake.set("ok", w.email);
    const body = w.body();
    const redemptions = fake.tokenRequests();
    const first = await api(SSO, { body });
    expect(first.status, first.text).toBe(200);
    const accounts = await db.account.count({ where: { caregiver: { email: w.email } } });
    for (const userType of ["CAREGIVER", "CLIENT"]) {
      const again = await api(SSO, { body: { ...body, userType } });
      expect(again.status, again.text).toBe(401);
      expect(again.headers.get("content-type")).toBe("application/problem+json");
      expect(again.json.detail).toMatch(/already been used/);
    }
    expect(fake.tokenRequests() - redemptions).toBe(1);
    expect(await db.account.count({ where: { caregiver: { email: w.email } } })).toBe(accounts);
    expect(await db.client.count({ where: { email: w.email } })).toBe(0);
  });

  it("gives one 200 when the same code arrives several times at once", async () => {
    const w = await world(fake);
    fake.set("ok", w.email);
    const body = w.body();
    const redemptions = fake.tokenRequests();
    const answers = await Promise.all(Array.from({ length: 6 }, () => api(SSO, { body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    expect(fake.tokenRequests() - redemptions).toBe(1);
    expect(await db.caregiver.count({ where: { email: w.email } })).toBe(1);
  });
});
