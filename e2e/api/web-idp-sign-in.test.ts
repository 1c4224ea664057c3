// The web sign-in's identity provider (OIDC_ISSUER) speaks only for the institutes that registered
// it: a person it signs in reaches an account of those institutes only, and only when exactly one
// account there has the email.
import { describe, expect, it } from "vitest";
import { makeCaregiver, makeClient, makeClinic, makeStaff } from "@/prisma/factories";
import { idpIssuer, makeHeldPeople, makeSsoInstitute } from "./support/sso";
import { webIdpLogin } from "./support/web-login";
import { api, db, login, makeWorld, uid } from "./support/world";

/** The person `email` as an account of the web sign-in's IdP; returns their login there. */
async function idpPerson(email: string, emailVerified = true) {
  const login = `web-${uid()}`;
  await fetch(`${idpIssuer}/test/accounts`, {
    method: "POST",
    body: new URLSearchParams({
      username: login,
      password: "idp-pass",
      email,
      name: login,
      email_verified: String(emailVerified),
    }),
  });
  return login;
}

async function registeredClinic() {
  const u = uid();
  const institute = await makeSsoInstitute(`Web IdP ${u}`);
  return makeClinic(db, { name: `Web IdP Clinic ${u}`, email: `webidp-${u}@test.test`, instituteId: institute.id });
}

describe("web sign-in through the IdP", () => {
  it("signs in a caregiver of an institute that registered the IdP", async () => {
    const u = uid();
    const clinic = await registeredClinic();
    const email = `web-carer-${u}@test.test`;
    await makeCaregiver(db, {
      clinicIds: [clinic.id],
      name: `Web Carer ${u}`,
      email,
      username: `web-carer-${u}`,
      password: `pw-${u}`,
    });
    const r = await webIdpLogin(await idpPerson(email), "idp-pass");
    expect(r.cookie, r.location).not.toBeNull();
    expect((await api("/gateway/profile/caregiver/session", { headers: { cookie: r.cookie! } })).status).toBe(200);
  });

  it("signs in a client of an institute that registered the IdP, to the client's own homework", async () => {
    const u = uid();
    const clinic = await registeredClinic();
    const email = `web-client-${u}@test.test`;
    await makeClient(db, {
      clinicId: clinic.id,
      name: `Web Client ${u}`,
      email,
      username: `web-client-${u}`,
      password: `pw-${u}`,
    });
    const r = await webIdpLogin(await idpPerson(email), "idp-pass");
    expect(r.cookie, r.location).not.toBeNull();
    const own = await api("/gateway/profile/client/assignment?time-state=RUNNING", { headers: { cookie: r.cookie! } });
    expect(own.status).toBe(200);
    expect((await api("/gateway/profile/caregiver/session", { headers: { cookie: r.cookie! } })).status).toBe(403);
  });

  it("signs in clinic staff by their email in any case, and nobody whose account the operator disabled", async () => {
    const u = uid();
    const clinic = await registeredClinic();
    const email = `web-staff-${u}@test.test`;
    await makeStaff(db, {
      clinicId: clinic.id,
      name: `Web Staff ${u}`,
      email,
      username: `web-staff-${u}`,
      password: `pw-${u}`,
    });
    const r = await webIdpLogin(await idpPerson(email.toUpperCase()), "idp-pass");
    expect(r.cookie, r.location).not.toBeNull();
    expect((await api("/gateway/profile/clinic/client", { headers: { cookie: r.cookie! } })).status).toBe(200);

    await db.account.update({ where: { username: `web-staff-${u}` }, data: { disabled: true } });
    const refused = await webIdpLogin(await idpPerson(email), "idp-pass");
    expect(refused.cookie).toBeNull();
    expect(refused.location).toMatch(/\/signin\?error=NoPlatformUser/);
  });

  it("reaches nobody held by their status: an INACTIVE client, an INACTIVE, DECLINED or INVITED care provider", async () => {
    const u = uid();
    const clinic = await registeredClinic();
    for (const { email } of await makeHeldPeople(clinic.id, u, `pw-${u}`)) {
      const r = await webIdpLogin(await idpPerson(email), "idp-pass");
      expect(r.cookie, email).toBeNull();
      expect(r.location, email).toMatch(/\/signin\?error=NoPlatformUser/);
    }
  });

  it("reaches nobody with an email the IdP has not verified, and says that is why", async () => {
    const u = uid();
    const clinic = await registeredClinic();
    const email = `web-unverified-${u}@test.test`;
    await makeCaregiver(db, {
      clinicIds: [clinic.id],
      name: `Unverified ${u}`,
      email,
      username: `unverified-${u}`,
      password: `pw-${u}`,
    });
    const r = await webIdpLogin(await idpPerson(email, false), "idp-pass");
    expect(r.cookie).toBeNull();
    // Not "nobody has your email": the person is on the platform; their organisation must verify it.
    expect(r.location).toMatch(/\/signin\?error=UnverifiedEmail/);
  });

  it("reaches no account of an institute that did not register the IdP", async () => {
    const w = await makeWorld();
    const r = await webIdpLogin(await idpPerson(`carer-${w.u}@test.test`), "idp-pass");
    expect(r.cookie).toBeNull();
    expect(r.location).toMatch(/\/signin\?error=NoPlatformUser/);
  });

  it("refuses an email that is an account in two institutes that registered the IdP", async () => {
    const u = uid();
    const email = `web-twice-${u}@test.test`;
    for (const clinic of [await registeredClinic(), await registeredClinic()]) {
      await makeCaregiver(db, {
        clinicIds: [clinic.id],
        name: `Twice ${u}`,
        email,
        username: `twice-${clinic.id}-${u}`,
        password: `pw-${u}`,
      });
    }
    const r = await webIdpLogin(await idpPerson(email), "idp-pass");
    expect(r.cookie).toBeNull();
    expect(r.location).toMatch(/\/signin\?error=AmbiguousPlatformUser/);
  });
  // Found by the review as an attacker on the pages (2026-12-06). Staff may change a client's or a
  // care provider's email, and the IdP's sign-in followed the person's email: staff who set it to an
  // address they hold at the organisation's IdP signed in as that person. The sign-in's own address
  // (Account.email, which only the operator moves, as for reset links) must be the IdP's email too.
  it("does not follow a person's email that staff changed: the sign-in's own address decides", async () => {
    const u = uid();
    const clinic = await registeredClinic();
    await makeStaff(db, {
      clinicId: clinic.id,
      name: `Staff ${u}`,
      email: `staff-${u}@test.test`,
      username: `staff-${u}`,
      password: `pw-${u}`,
    });
    const own = `own-${u}@test.test`;
    const client = await makeClient(db, {
      clinicId: clinic.id,
      name: `Taken ${u}`,
      email: own,
      username: `taken-${u}`,
      password: `pw-${u}`,
    });
    const staff = await login(`staff-${u}`, `pw-${u}`);
    const held = `held-by-staff-${u}@test.test`;
    const changed = await api(`/gateway/profile/clinic/client/${client.id}`, {
      method: "PATCH",
      token: staff,
      body: { email: held },
    });
    expect(changed.status).toBe(200);
    const r = await webIdpLogin(await idpPerson(held), "idp-pass");
    expect(r.cookie, r.location).toBeNull();
    expect(r.location).toMatch(/\/signin\?error=NoPlatformUser/);
  });
});
