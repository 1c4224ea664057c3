import "server-only";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { AppError } from "@/lib/errors";

// Talks to an institute's OpenID provider: discovery, the code redemption and ID token checks.
// Any failure to reach it, an answer that is not what the protocol says, or a refusal of the
// platform's registered client is a 502; a refusal of the code or a token that does not verify is
// the caller's problem (401). Nothing the provider writes (its error texts) reaches our caller:
// only our own words and its status code.

const TIMEOUT_MS = 5000;
/** How far in the future an ID token's `iat` may be (clock skew between us and the provider). */
const MAX_IAT_AHEAD_S = 60;
type Discovery = {
  issuer: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
};

// Per-instance caches of public, re-fetchable data (no state two instances must share).
const discoveries = new Map<string, { at: number; doc: Discovery }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

const badGateway = (detail: string) => new AppError("bad_gateway", `the identity provider ${detail}`);
const invalidToken = (why: string) => new AppError("unauthorized", `the ID token is not valid: ${why}`);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The provider's JSON answer. `statusesWithoutBody` are statuses that say enough by themselves
 * (a token endpoint's 401, often sent with an empty or HTML body): their body may be anything.
 */
async function fetchJson(
  url: string,
  init?: RequestInit,
  statusesWithoutBody: number[] = [],
): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
  } catch {
    throw badGateway("could not be reached");
  }
  const text = await res.text().catch(() => "");
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return { status: res.status, body };
  } catch {}
  if (statusesWithoutBody.includes(res.status)) return { status: res.status, body: {} };
  throw badGateway(`answered ${res.status} with something that is not JSON`);
}

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : undefined);
const withoutSlash = (url: string) => url.replace(/\/$/, "");

/**
 * The provider's discovery document, followed only where it stays the provider's own: it must name
 * the registered issuer (OpenID Connect Discovery §4.3), and the endpoints we send the client
 * secret and access tokens to, and take keys from, must be on the issuer's origin. Otherwise a
 * hostile or compromised document could send our client secret to any host.
 */
export async function discover(issuer: string): Promise<Discovery> {
  const hit = discoveries.get(issuer);
  if (hit && Date.now() - hit.at < 10 * 60_000) return hit.doc;
  const { status, body } = await fetchJson(`${withoutSlash(issuer)}/.well-known/openid-configuration`);
  const {
    issuer: named,
    token_endpoint,
    jwks_uri,
    userinfo_endpoint,
    end_session_endpoint,
    token_endpoint_auth_methods_supported: methods,
  } = body;
  if (
    status !== 200 ||
    typeof token_endpoint !== "string" ||
    typeof jwks_uri !== "string" ||
    typeof named !== "string"
  ) {
    throw badGateway("has no usable OpenID discovery document");
  }
  if (withoutSlash(named) !== withoutSlash(issuer)) throw badGateway("discovery document names another issuer");
  const home = originOf(issuer);
  for (const endpoint of [token_endpoint, jwks_uri, userinfo_endpoint ?? issuer, end_session_endpoint ?? issuer]) {
    if (typeof endpoint !== "string" || originOf(endpoint) !== home)
      throw badGateway("discovery document points outside the issuer's origin");
  }
  const doc: Discovery = {
    issuer: named,
    token_endpoint,
    jwks_uri,
    userinfo_endpoint: typeof userinfo_endpoint === "string" ? userinfo_endpoint : undefined,
    end_session_endpoint: typeof end_session_endpoint === "string" ? end_session_endpoint : undefined,
    token_endpoint_auth_methods_supported: Array.isArray(methods)
      ? methods.filter((m): m is string => typeof m === "string")
      : undefined,
  };
  discoveries.set(issuer, { at: Date.now(), doc });
  return doc;
}

export async function redeemCode(
  d: Discovery,
  p: { clientId: string; clientSecret: string; code: string; redirectUri: string; codeVerifier?: string },
) {
  const form = new URLSearchParams({ grant_type: "authorization_code", code: p.code, redirect_uri: p.redirectUri });
  if (p.codeVerifier) form.set("code_verifier", p.codeVerifier);
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  const methods = d.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  if (methods.includes("client_secret_basic")) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`).toString("base64")}`;
  } else {
    form.set("client_id", p.clientId);
    form.set("client_secret", p.clientSecret);
  }
  const { status, body } = await fetchJson(d.token_endpoint, { method: "POST", headers, body: form.toString() }, [401]);
  if (status >= 500) throw badGateway(`failed (${status})`);
  // RFC 6749 §5.2: a refusal of the platform's own client (its authentication, a 401 or
  // `invalid_client`; or what it may do, `unauthorized_client`). The caller's code is not at fault
  // and the caller cannot mend it: the registration is the operator's. The error's code decides,
  // never the provider's words.
  if (status === 401 || body.error === "invalid_client" || body.error === "unauthorized_client")
    throw badGateway(
      "refused the platform's client registered for this institute (its client id, secret or grant): the platform's operator must check the registration",
    );
  if (status !== 200) throw new AppError("unauthorized", `the identity provider refused the code (status ${status})`);
  if (typeof body.id_token !== "string") throw badGateway("returned no ID token");
  return { idToken: body.id_token, accessToken: typeof body.access_token === "string" ? body.access_token : undefined };
}

export async function verifyIdToken(
  d: Discovery,
  idToken: string,
  clientId: string,
  nonce?: string,
): Promise<JWTPayload> {
  let keys = keySets.get(d.jwks_uri);
  if (!keys) keySets.set(d.jwks_uri, (keys = createRemoteJWKSet(new URL(d.jwks_uri), { timeoutDuration: TIMEOUT_MS })));
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: d.issuer,
      audience: clientId,
      clockTolerance: 30,
      requiredClaims: ["sub", "iat", "exp"],
    });
    // OpenID Connect Core §3.1.3.7: with several audiences, the authorized party must be us; an
    // azp, whenever present, must name us.
    const audiences = Array.isArray(payload.aud) ? payload.aud.length : 1;
    if ((audiences > 1 || payload.azp !== undefined) && payload.azp !== clientId)
      throw invalidToken("azp is not this client");
    if (typeof payload.iat !== "number" || payload.iat > Date.now() / 1000 + MAX_IAT_AHEAD_S)
      throw invalidToken("iat is in the future");
    if (nonce !== undefined && payload.nonce !== nonce)
      throw new AppError("unauthorized", "the ID token's nonce does not match");
    return payload;
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (
      e instanceof joseErrors.JWKSTimeout ||
      e instanceof joseErrors.JWKSInvalid ||
      (e instanceof joseErrors.JOSEError && e.code === "ERR_JOSE_GENERIC")
    ) {
      throw badGateway("key set could not be read");
    }
    throw invalidToken(describe(e));
  }
}

function describe(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return "it has expired";
  if (e instanceof joseErrors.JWTClaimValidationFailed) return `${e.claim} does not match`;
  if (e instanceof joseErrors.JWSSignatureVerificationFailed || e instanceof joseErrors.JWKSNoMatchingKey)
    return "its signature does not verify";
  return "it could not be verified";
}

/**
 * The email of the signed-in person: from the ID token, else from userinfo. Where the source says
 * whether the email is verified, it must say so with the boolean `true` (a string "false" is not true).
 */
export async function emailOf(
  d: Discovery,
  claims: JWTPayload,
  accessToken?: string,
): Promise<{ email: string; name?: string }> {
  let source: Record<string, unknown> = claims;
  if (typeof claims.email !== "string" && accessToken && d.userinfo_endpoint) {
    const { status, body } = await fetchJson(d.userinfo_endpoint, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (status === 200 && body.sub === claims.sub) source = { ...body, name: claims.name ?? body.name };
  }
  if (typeof source.email !== "string" || source.email === "")
    throw new AppError("forbidden", "the identity provider gave no email for this person");
  if ("email_verified" in source && source.email_verified !== true)
    throw new AppError("forbidden", "the identity provider has not verified this person's email");
  return { email: source.email.toLowerCase(), name: typeof source.name === "string" ? source.name : undefined };
}
