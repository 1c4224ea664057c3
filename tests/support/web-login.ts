import { baseUrl } from "./world";

/** Signs in on the web pages with username and password (next-auth); returns the Cookie header. */
export async function webLogin(username: string, password: string): Promise<string | null> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const jar = new Map<string, string>();
  const keep = (r: Response) => r.headers.getSetCookie().forEach((c) => {
    const [pair] = c.split(";");
    const i = pair!.indexOf("=");
    jar.set(pair!.slice(0, i), pair!.slice(i + 1));
  });
  keep(csrf);
  const { csrfToken } = await csrf.json();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const r = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, username, password, json: "true", callbackUrl: "/" }),
  });
  keep(r);
  return jar.has("next-auth.session-token") ? cookie() : null;
}
