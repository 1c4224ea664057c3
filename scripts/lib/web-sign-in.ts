// Signing in on the web pages as a browser would (next-auth's CSRF cookie, then its credentials
// callback), for the tests and for Lighthouse, which must load pages as a signed-in person.

/** A cookie jar for one browser. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    keep: (r: Response) => {
      for (const c of r.headers.getSetCookie()) {
        const pair = c.split(";")[0] ?? "";
        const i = pair.indexOf("=");
        jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
    },
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    session: () => jar.get("next-auth.session-token"),
  };
}

export type CookieJar = ReturnType<typeof cookieJar>;

/** next-auth's CSRF token, its cookie kept in the jar. */
export async function csrfToken(base: string, jar: CookieJar): Promise<string> {
  const r = await fetch(`${base}/api/auth/csrf`);
  jar.keep(r);
  return ((await r.json()) as { csrfToken: string }).csrfToken;
}

/** Signs in with username and password at `base`; the jar then holds the session when it worked. */
export async function passwordSignIn(base: string, username: string, password: string): Promise<CookieJar> {
  const jar = cookieJar();
  const token = await csrfToken(base, jar);
  const r = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.cookie() },
    body: new URLSearchParams({ csrfToken: token, username, password, json: "true", callbackUrl: "/" }),
  });
  jar.keep(r);
  return jar;
}
