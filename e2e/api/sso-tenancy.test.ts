// Accounts belong to one institute (decisions.md): an institute's own identity provider cannot
// reach the people of another institute by asserting their email, and the database itself refuses
// to link a caregiver to another institute's clinic.
import pg from "pg";
import { inject } from "vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealSecret } from "@/lib/auth/secret-box";
import { sha256 } from "@/lib/auth/token-hash";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { makeCaregiver, makeClinic, makeInstitute } from "@/prisma/factories";
import { startLocalIdp, type LocalIdp } from "../../scripts/lib/local-idp";
import { obtainCode } from "./support/idp-login";
import { idpCode, IDP_CLIENT, makeSsoInstitute } from "./support/sso";
import { api, db, makeWorld, uid } from "./support/world";

const SSO = "/gateway/profile/institute/sso";
const ATTACKER_APP = {
  client_id: "attacker-app",
  client_secret: "attacker-secret",
  redirect_uris: ["http://127.0.0.1:9/attacker"],
};

// The second institute's own, real OpenID provider: it asserts whatever email its operator gives a person.
let attackerIdp: LocalIdp;
beforeAll(async () => {
  attackerIdp = await startLocalIdp({ port: await freePort(), clients: [ATTACKER_APP], accounts: [] });
});
afterAll(() => attackerIdp.stop());

async function attackerInstitute(allowProvisioning: boolean) {
  const u = uid();
  const institute = await makeInstitute(db, {
    name: `Attacker ${u}`,
    allowProvisioning,
    idpIssuer: attackerIdp.issuer,
    idpClientId: ATTACKER_APP.client_id,
    idpClientSecretEnc: sealSecret(ATTACKER_APP.client_secret, inject("secretKey")),
  });
  const clinic = await makeClinic(db, {
    name: `Attacker Clinic ${u}`,
    email: `attacker-${u}@evil.test`,
    instituteId: institute.id,
  });
  return { u, institute, clinic };
}

/** Signs `email` in at the attacker's IdP and hands the code to the SSO operation of its institute. */
async function attackerSso(a: Awaited<ReturnType<typeof attackerInstitute>>, email: string) {
  const login = `mallory-${uid()}`;
  attackerIdp.addAccount({ username: login, password: "pw", email, name: "Mallory" });
  const code = await obtainCode({
    issuer: attackerIdp.issuer,
    clientId: ATTACKER_APP.client_id,
    redirectUri: ATTACKER_APP.redirect_uris[0]!,
    login,
    password: "pw",
  });
  return api(SSO, {
    body: {
      apiKey: a.institute.apiKey,
      clientId: ATTACKER_APP.client_id,
      clinicEmail: a.clinic.email,
      userType: "CAREGIVER",
      code,
      redirect_uri: ATTACKER_APP.redirect_uris[0],
    },
  });
}

const accountOfToken = async (token: string) =>
  (
    await db.accessToken.findUniqueOrThrow({
      where: { tokenHash: sha256(token) },
      select: { account: { select: { id: true, caregiverId: true } } },
    })
  ).account;

const caregiverState = (id: number) =>
  db.caregiver.findUniqueOrThrow({
    where: { id },
    select: {
      name: true,
      email: true,
      position: true,
      updatedAt: true,
      clinics: { select: { clinicId: true }, orderBy: { clinicId: "asc" } },
      account: { select: { id: true, disabled: true } },
    },
  });

describe("SSO of another institute cannot take over a caregiver", () => {
  it("refuses (403) without provisioning, and with provisioning creates a separate caregiver that reads nothing of the victim's clinic", async () => {
    const victim = await makeWorld();
    const victimEmail = `carer-${victim.u}@test.test`;
    const before = await caregiverState(victim.caregiver.id);

    const closed = await attackerInstitute(false);
    const refused = await attackerSso(closed, victimEmail);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await caregiverState(victim.caregiver.id)).toEqual(before);

    const open = await attackerInstitute(true);
    const r = await attackerSso(open, victimEmail);
    expect(r.status, r.text).toBe(200);
    const token: string = r.json.access_token;
    const account = await accountOfToken(token);
    expect(account.caregiverId).not.toBe(victim.caregiver.id);
    expect(account.id).not.toBe(before.account?.id);
    // The new caregiver is a person of the attacker's institute only.
    const created = await db.caregiver.findUniqueOrThrow({
      where: { id: account.caregiverId! },
      select: { email: true, clinics: { select: { clinicId: true } } },
    });
    expect(created).toEqual({ email: victimEmail, clinics: [{ clinicId: open.clinic.id }] });

    // It reads nothing of the victim's clinic.
    for (const path of [
      `/gateway/profile/caregiver/session/${victim.session.id}`,
      `/gateway/profile/clinic/client/${victim.client.id}`,
      `/gateway/profile/clinic/client/${victim.client.id}/image`,
      `/gateway/profile/clinic/design-plan?clinicId=${victim.clinic.id}`,
      `/gateway/profile/clinic/book?clinicId=${victim.clinic.id}`,
    ]) {
      const read = await api(path, { token });
      expect([403, 404], path).toContain(read.status);
      expect(read.text, path).not.toContain(victim.u);
    }
    for (const path of [
      "/gateway/profile/caregiver/session",
      `/gateway/profile/caregiver/session?clientId=${victim.client.id}`,
      "/gateway/profile/clinic/client",
      "/gateway/profile/clinic/caregiver",
    ]) {
      const read = await api(path, { token });
      expect(read.text, path).not.toContain(victim.u);
      if (read.status === 200) expect(read.json.content, path).toEqual([]);
      else expect([403, 404], path).toContain(read.status);
    }
    // The victim is untouched and still signs in as before.
    expect(await caregiverState(victim.caregiver.id)).toEqual(before);
    expect(
      (await api(`/gateway/profile/caregiver/session/${victim.session.id}`, { token: await victim.token("carer") }))
        .status,
    ).toBe(200);
  });
});

describe("the same email in two institutes", () => {
  it("is two caregivers with two accounts, and each institute's SSO finds its own", async () => {
    const u = uid();
    const email = `shared-${u}@test.test`;
    const home = await makeSsoInstitute(`Home ${u}`);
    const homeClinic = await makeClinic(db, {
      name: `Home Clinic ${u}`,
      email: `home-${u}@test.test`,
      instituteId: home.id,
    });
    const mine = await makeCaregiver(db, {
      clinicIds: [homeClinic.id],
      name: "Home Carer",
      email,
      username: `home-carer-${u}`,
      password: `pw-${u}`,
    });
    const away = await attackerInstitute(false);
    const theirs = await makeCaregiver(db, {
      clinicIds: [away.clinic.id],
      name: "Away Carer",
      email: email.toUpperCase(),
      username: `away-carer-${u}`,
      password: `pw-${u}`,
    });
    expect(theirs.id).not.toBe(mine.id);
    expect(await db.caregiver.count({ where: { email } })).toBe(2);

    const homeSso = await api(SSO, {
      body: {
        apiKey: home.apiKey,
        clientId: IDP_CLIENT.id,
        clinicEmail: homeClinic.email,
        userType: "CAREGIVER",
        redirect_uri: IDP_CLIENT.redirectUri,
        code: await idpCode({ username: `home-${u}`, email }),
      },
    });
    expect(homeSso.status, homeSso.text).toBe(200);
    expect((await accountOfToken(homeSso.json.access_token)).caregiverId).toBe(mine.id);
    const awaySso = await attackerSso(away, email);
    expect(awaySso.status, awaySso.text).toBe(200);
    expect((await accountOfToken(awaySso.json.access_token)).caregiverId).toBe(theirs.id);
  });

  it("cannot be linked across: the database refuses a caregiver in another institute's clinic", async () => {
    const a = await makeWorld();
    const b = await makeWorld();
    const before = await db.caregiverClinic.count({ where: { clinicId: b.clinic.id } });
    const sql = new pg.Client({ connectionString: inject("databaseUrl") });
    await sql.connect();
    try {
      // Whichever institute the link claims, one of its two keys does not match.
      for (const instituteId of [a.institute.id, b.institute.id]) {
        const insert = sql.query(
          'INSERT INTO "CaregiverClinic" ("caregiverId", "clinicId", "instituteId") VALUES ($1, $2, $3)',
          [a.caregiver.id, b.clinic.id, instituteId],
        );
        await expect(insert).rejects.toMatchObject({ code: "23503" }); // foreign_key_violation
      }
    } finally {
      await sql.end();
    }
    expect(await db.caregiverClinic.count({ where: { clinicId: b.clinic.id } })).toBe(before);
  });
});
