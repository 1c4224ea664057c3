import { followLogin } from "./idp-login";
import { baseUrl } from "./world";

/** A cookie jar for one browser. */
function browser() {
  const jar = new Map<string, string>();
  return {
    keep: (r: Response) => {
      r.headers.getSetCookie().forEach((c) => {
        const [pair] = c.split(";");
        const i = pair!.indexOf("=");
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      });
    },
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    signedIn: () => jar.has("next-auth.session-token"),
  };
}

async function csrf(b: ReturnType<typeof browser>): Promise<string> {
  const r = await fetch(`${baseUrl}/api/auth/csrf`);
  b.keep(r);
  return (await r.json()).csrfToken;
}

/** Signs in on the web pages with username and password (next-auth); returns the Cookie header. */
export async function webLogin(username: string, password: string): Promise<string | null> {
  const b = browser();
  const csrfToken = await csrf(b);
  const r = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: b.cookie() },
    body: new URLSearchParams({ csrfToken, username, password, json: "true", callbackUrl: "/" }),
  });
  b.keep(r);
  return b.signedIn() ? b.cookie() : null;
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
  const b = browser();
  const csrfToken = await csrf(b);
  const start = await fetch(`${baseUrl}/api/auth/signin/oidc`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: b.cookie() },
    body: new URLSearchParams({ csrfToken, json: "true", callbackUrl: "/" }),
  });
  b.keep(start);
  const { url } = await start.json();
  const back = await followLogin(url, `${baseUrl}/api/auth/callback/oidc`, login, password);
  const r = await fetch(back, { redirect: "manual", headers: { cookie: b.cookie() } });
  b.keep(r);
  return { location: r.headers.get("location") ?? "", cookie: b.signedIn() ? b.cookie() : null };
}
