import "server-only";
import { issueTokens, type TokenBody } from "@/lib/auth/issue-tokens";
import { openSecret } from "@/lib/auth/secret-box";
import { sha256 } from "@/lib/auth/token-hash";
import { uniqueViolation } from "@/lib/db/errors";
import { db, type Tx } from "@/lib/db/prisma";
import { env } from "@/lib/env";
import { caregiverHeld, clientHeld } from "@/lib/auth/sign-in-hold";
import { lockCaregiver } from "@/lib/caregivers/lock-caregiver";
import { lockClient } from "@/lib/clients/lock-client";
import { AppError, STATUS_OF, notFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { randomId } from "@/lib/ids";
import { ssoUsername } from "@/lib/schemas/username";
import type { SsoInput } from "@/lib/schemas/sso";
import { claimCode } from "@/lib/sso/claim-code";
import { discover, emailOf, redeemCode, verifyIdToken } from "@/lib/sso/idp-client";

/**
 * The SSO operation: an institute's app hands us its identity provider's authorization code; we
 * redeem it with the institute's registered client secret, verify the ID token, find the person of
 * that type in that clinic by email (creating them only where the institute allows it) and answer
 * with our own token pair. Everything happens inside the institute: its IdP speaks for its own
 * people only, and the same email in another institute is another person (decisions.md).
 */
export async function exchangeSsoCode(input: SsoInput, reqId?: string): Promise<TokenBody> {
  let instituteId: number | undefined;
  try {
    const institute = await instituteOfApiKey(input.apiKey);
    instituteId = institute.id;
    return await signInWithCode(input, institute);
  } catch (e) {
    if (e instanceof AppError) {
      // The operator answering an institute's "our people cannot sign in" reads why here: the
      // institute and our own words (no code, email or name: every detail below is a fixed text).
      log.warn({ reqId, instituteId, status: STATUS_OF[e.code].status, reason: e.detail }, "sso refused");
      // RFC 9110: a 401 names its challenge. This one's credentials are the body's apiKey, clientId
      // and code, not a bearer token, so it names a scheme of its own (documented in STATUS_OF).
      if (e.code === "unauthorized")
        throw new AppError(
          e.code,
          e.detail,
          e.errors,
          { ...e.headers, "www-authenticate": SSO_CHALLENGE },
          e.oauthError,
        );
    }
    throw e;
  }
}

const SSO_CHALLENGE = 'SSO realm="institute"';

async function instituteOfApiKey(apiKey: string) {
  const institute = await db().institute.findUnique({
    where: { apiKeyHash: sha256(apiKey) },
    select: { id: true, idpIssuer: true, idpClientId: true, idpClientSecretEnc: true, allowProvisioning: true },
  });
  if (!institute) throw new AppError("unauthorized", "the apiKey is not valid");
  return institute;
}

type SsoInstitute = Awaited<ReturnType<typeof instituteOfApiKey>>;

async function signInWithCode(input: SsoInput, institute: SsoInstitute): Promise<TokenBody> {
  const clinic = await db().clinic.findFirst({
    where: { email: input.clinicEmail.toLowerCase(), instituteId: institute.id },
    select: { id: true },
  });
  if (!clinic) throw notFound("clinic");
  if (!institute.idpIssuer || !institute.idpClientId || !institute.idpClientSecretEnc) {
    throw new AppError("forbidden", "the institute has no identity provider registered");
  }
  if (input.clientId !== institute.idpClientId)
    throw new AppError("unauthorized", "clientId is not the identity provider client registered for this institute");
  const clientSecret = openSecret(institute.idpClientSecretEnc, env().SECRET_KEY);

  const idp = await discover(institute.idpIssuer);
  await claimCode(institute.id, input.code);
  const tokens = await redeemCode(idp, {
    clientId: input.clientId,
    clientSecret,
    code: input.code,
    redirectUri: input.redirect_uri,
    codeVerifier: input.code_verifier,
  });
  const claims = await verifyIdToken(idp, tokens.idToken, input.clientId, input.nonce);
  const person = await emailOf(idp, claims, tokens.accessToken);

  const target = {
    instituteId: institute.id,
    clinicId: clinic.id,
    email: person.email,
    name: person.name ?? person.email,
    provision: institute.allowProvisioning,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      return await db().$transaction(async (tx) => {
        const account =
          input.userType === "CAREGIVER" ? await caregiverAccount(tx, target) : await clientAccount(tx, target);
        return issueTokens(tx, account);
      });
    } catch (e) {
      // The same person signing in twice at once: the loser finds the winner's user on retry.
      if (uniqueViolation(e) && attempt < 2) continue;
      throw e;
    }
  }
}

type Target = { instituteId: number; clinicId: number; email: string; name: string; provision: boolean };
const refused = () =>
  new AppError(
    "forbidden",
    "no user of this type with this email in the clinic, and the institute does not allow creating one",
  );

const heldRefusal = () => new AppError("forbidden", "this person's status does not allow signing in");

/**
 * An existing sign-in is reached only by its own address (where its reset links go, moved only by
 * the operator; for a sign-in made here, the IdP's email when it was made): staff may change the
 * person's email, and following it would give the person's sign-in to whoever holds the new address
 * at the IdP. One with no address (an erased client's) is reached by none.
 */
function checkOwnAddress(existing: { email: string | null } | null, email: string) {
  if (existing && existing.email !== email)
    throw new AppError(
      "forbidden",
      "this person's sign-in has another email address than the identity provider's: the operator moves it (docs/password-reset.md)",
    );
}

async function caregiverAccount(tx: Tx, t: Target) {
  let caregiver = await tx.caregiver.findUnique({
    where: { instituteId_email: { instituteId: t.instituteId, email: t.email } },
    select: {
      id: true,
      activationStatus: true,
      clinics: { where: { clinicId: t.clinicId }, select: { clinicId: true } },
    },
  });
  if (!caregiver?.clinics.length) {
    if (!t.provision) throw refused();
    caregiver ??= await tx.caregiver.create({
      data: { instituteId: t.instituteId, email: t.email, name: t.name, position: "Care provider" },
      select: { id: true, activationStatus: true, clinics: { select: { clinicId: true } } },
    });
    await tx.caregiverClinic.create({
      data: { caregiverId: caregiver.id, clinicId: t.clinicId, instituteId: t.instituteId },
    });
  }
  // The status under the person's row lock, as every status change takes it: a change racing this
  // sign-in runs wholly before or after the account is made, so the account's hold matches it.
  const status = (await lockCaregiver(tx, caregiver.id))?.activationStatus ?? caregiver.activationStatus;
  if (caregiverHeld(status)) throw heldRefusal();
  const existing = await tx.account.findUnique({
    where: { caregiverId: caregiver.id },
    select: { id: true, role: true, disabled: true, heldByStatus: true, email: true },
  });
  if (existing?.disabled) throw new AppError("forbidden", "this account is disabled");
  checkOwnAddress(existing, t.email);
  return (
    existing ??
    tx.account.create({
      data: {
        username: ssoUsername("caregiver", caregiver.id),
        email: t.email,
        role: "CAREGIVER",
        caregiverId: caregiver.id,
        heldByStatus: caregiverHeld(status),
      },
      select: { id: true, role: true },
    })
  );
}

async function clientAccount(tx: Tx, t: Target) {
  let client = await tx.client.findUnique({
    where: { clinicId_email: { clinicId: t.clinicId, email: t.email } },
    select: { id: true, status: true },
  });
  if (!client) {
    if (!t.provision) throw refused();
    client = await tx.client.create({
      data: { clinicId: t.clinicId, email: t.email, name: t.name, opptId: randomId(16) },
      select: { id: true, status: true },
    });
  }
  // Null: erased since it was found, which holds its sign-in as INACTIVE does.
  const status = (await lockClient(tx, client.id))?.status ?? "INACTIVE";
  if (clientHeld(status)) throw heldRefusal();
  const existing = await tx.account.findUnique({
    where: { clientId: client.id },
    select: { id: true, role: true, disabled: true, heldByStatus: true, email: true },
  });
  if (existing?.disabled) throw new AppError("forbidden", "this account is disabled");
  checkOwnAddress(existing, t.email);
  return (
    existing ??
    tx.account.create({
      data: {
        username: ssoUsername("client", client.id),
        email: t.email,
        role: "CLIENT",
        clientId: client.id,
        heldByStatus: clientHeld(status),
      },
      select: { id: true, role: true },
    })
  );
}
