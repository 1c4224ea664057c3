import { followLogin } from "./idp-login";
import { baseUrl } from "./world";
import { cookieJar, csrfToken, passwordSignIn } from "../../../scripts/lib/web-sign-in";

/** Signs in on the web pages with username and password (next-auth); returns the Cookie header. */
export async function webLogin(username: string, password: string): Promise<string | null> {
  const jar = await passwordSignIn(baseUrl, username, password);
  return jar.session() ? jar.cookie() : null;
}

/**
 * Signs in on the web pages through "Sign in with your organisation": next-auth sends the browser to
 * the IdP, the person signs in there, the IdP sends the browser back. Returns where the app then
 * sends the browser, and the Cookie header when signed in.
 */
export async function webIdpLogin(
  login: string,
  password: string,
): Promise<{ location: string; cookie: string | null }> {
  const b = cookieJar();
  const token = await csrfToken(baseUrl, b);
  const start = await fetch(`${baseUrl}/api/auth/signin/oidc`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: b.cookie() },
    body: new URLSearchParams({ csrfToken: token, json: "true", callbackUrl: "/" }),
  });
  b.keep(start);
  const { url } = await start.json();
  const back = await followLogin(url, `${baseUrl}/api/auth/callback/oidc`, login, password);
  const r = await fetch(back, { redirect: "manual", headers: { cookie: b.cookie() } });
  b.keep(r);
  return { location: r.headers.get("location") ?? "", cookie: b.session() ? b.cookie() : null };
}
