import { inject } from "vitest";
import { sealSecret } from "@/lib/auth/secret-box";
import { makeCaregiver, makeClient, makeInstitute } from "@/prisma/factories";
import { obtainCode } from "./idp-login";
import { TEST_IDP_CLIENT } from "../../../scripts/lib/test-stack";
import { db } from "./world";

export const idpIssuer = inject("idpIssuer");
export const IDP_CLIENT = {
  id: TEST_IDP_CLIENT.client_id,
  secret: TEST_IDP_CLIENT.client_secret,
  redirectUri: TEST_IDP_CLIENT.redirect_uris[0]!,
};

/** Registers the test IdP (or another issuer) for an institute, as `npm run admin` would. */
export async function registerIdp(
  instituteId: number,
  opts: { issuer?: string; clientId?: string; secret?: string; allowProvisioning?: boolean } = {},
) {
  await db.institute.update({
    where: { id: instituteId },
    data: {
      idpIssuer: opts.issuer ?? idpIssuer,
      idpClientId: opts.clientId ?? IDP_CLIENT.id,
      idpClientSecretEnc: sealSecret(opts.secret ?? IDP_CLIENT.secret, inject("secretKey")),
      allowProvisioning: opts.allowProvisioning ?? false,
    },
  });
}

export async function makeSsoInstitute(name: string) {
  const i = await makeInstitute(db, { name });
  await registerIdp(i.id);
  return i;
}

/** Adds a person to the test IdP and signs them in there; returns the authorization code. */
export async function idpCode(
  person: { username: string; email: string; password?: string },
  extra: { nonce?: string } = {},
) {
  const password = person.password ?? "idp-pass";
  await fetch(`${idpIssuer}/test/accounts`, {
    method: "POST",
    body: new URLSearchParams({ username: person.username, password, email: person.email, name: person.username }),
  });
  return obtainCode({
    issuer: idpIssuer,
    clientId: IDP_CLIENT.id,
    redirectUri: IDP_CLIENT.redirectUri,
    login: person.username,
    password,
    ...extra,
  });
}

/** A person whose status holds their sign-in, as the SSO and web sign-in tests name them. */
export type HeldPerson = {
  userType: "CLIENT" | "CAREGIVER";
  email: string;
  person: { clientId: number } | { caregiverId: number };
};

/**
 * Everyone a status holds, in one clinic: an INACTIVE client and an INACTIVE, DECLINED and INVITED
 * care provider. With `password`, each already has a sign-in of their own (username: their
 * email's local part), so a test can show the hold wins over an existing account.
 */
export async function makeHeldPeople(clinicId: number, u: string, password?: string): Promise<HeldPerson[]> {
  const signIn = (email: string) => (password ? { username: email.split("@")[0]!, password } : {});
  const clientEmail = `paused-${u}@test.test`;
  const client = await makeClient(db, {
    clinicId,
    name: `Paused ${u}`,
    email: clientEmail,
    status: "INACTIVE",
    ...signIn(clientEmail),
  });
  const held: HeldPerson[] = [{ userType: "CLIENT", email: clientEmail, person: { clientId: client.id } }];
  for (const activationStatus of ["INACTIVE", "DECLINED", "INVITED"] as const) {
    const email = `${activationStatus.toLowerCase()}-${u}@test.test`;
    const c = await makeCaregiver(db, {
      clinicIds: [clinicId],
      name: `${activationStatus} ${u}`,
      email,
      activationStatus,
      ...signIn(email),
    });
    held.push({ userType: "CAREGIVER", email, person: { caregiverId: c.id } });
  }
  return held;
}
