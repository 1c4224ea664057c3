import "server-only";
import { env } from "@/lib/env";
import { discover } from "@/lib/sso/idp-client";

/**
 * Where to send the browser after our sign-out so that the organisation's IdP ends its own session
 * too (OpenID Connect RP-Initiated Logout 1.0), or null when the IdP offers no end_session_endpoint
 * or cannot be reached. Without this, on a shared PC "Sign in with your organisation" would sign the
 * next person in as the last one. The IdP sends the browser back to our sign-in page. The discovery
 * document is the one SSO reads (cached, its endpoints held to the issuer's origin, so the ID token
 * is never sent elsewhere).
 */
export async function idpSignOutUrl(idToken: string, requestUrl: string): Promise<string | null> {
  const e = env();
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID) return null;
  const endpoint = await discover(e.OIDC_ISSUER).then(
    (d) => d.end_session_endpoint,
    () => undefined,
  );
  if (!endpoint) return null;
  const url = new URL(endpoint);
  url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("client_id", e.OIDC_CLIENT_ID);
  url.searchParams.set("post_logout_redirect_uri", new URL("/signin", e.NEXTAUTH_URL ?? requestUrl).href);
  return url.href;
}
