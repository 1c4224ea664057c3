import "server-only";
import { z } from "zod";
import { env } from "@/lib/env";

const Discovery = z.object({ end_session_endpoint: z.url().optional() });

/**
 * Where to send the browser after our sign-out so that the organisation's IdP ends its own session
 * too (OpenID Connect RP-Initiated Logout 1.0), or null when the IdP offers no end_session_endpoint.
 * Without this, on a shared PC "Sign in with your organisation" would sign the next person in as
 * the last one. The IdP sends the browser back to our sign-in page.
 */
export async function idpSignOutUrl(idToken: string, requestUrl: string): Promise<string | null> {
  const e = env();
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID) return null;
  const issuer = e.OIDC_ISSUER.replace(/\/$/, "");
  const discovery = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) })
    .then(async (r) => (r.ok ? Discovery.safeParse(await r.json()) : null))
    .catch(() => null);
  const endpoint = discovery?.success ? discovery.data.end_session_endpoint : undefined;
  // Only the issuer's own origin: a document pointing elsewhere would carry the ID token away.
  if (!endpoint || new URL(endpoint).origin !== new URL(issuer).origin) return null;
  const url = new URL(endpoint);
  url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("client_id", e.OIDC_CLIENT_ID);
  url.searchParams.set("post_logout_redirect_uri", new URL("/signin", e.NEXTAUTH_URL ?? requestUrl).href);
  return url.href;
}
