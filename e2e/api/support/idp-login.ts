// Signs a person in at an OpenID provider the way a browser would (following redirects by hand,
// keeping cookies) and returns the authorization code delivered to the redirect URI.
type Params = {
  issuer: string;
  clientId: string;
  redirectUri: string;
  login: string;
  password: string;
  scope?: string;
  nonce?: string;
  codeChallenge?: string;
};

export async function obtainCode(p: Params): Promise<string> {
  const q = new URLSearchParams({
    client_id: p.clientId,
    response_type: "code",
    scope: p.scope ?? "openid email profile",
    redirect_uri: p.redirectUri,
    state: "s1",
  });
  if (p.nonce) q.set("nonce", p.nonce);
  if (p.codeChallenge) {
    q.set("code_challenge", p.codeChallenge);
    q.set("code_challenge_method", "S256");
  }
  const back = await followLogin(`${p.issuer}/auth?${q}`, p.redirectUri, p.login, p.password);
  const code = back.searchParams.get("code");
  if (!code) throw new Error(`no code in ${back.href}`);
  return code;
}

/** From an authorization URL, signs in at the provider; returns the URL it sends the browser back to. */
export async function followLogin(start: string, redirectUri: string, login: string, password: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = start;
  let init: RequestInit = {};
  for (let hop = 0; hop < 15; hop++) {
    const res = await fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
      redirect: "manual",
    });
    remember(res);
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected page at ${url}: ${res.status} ${html.slice(0, 200)}`);
    url = new URL(action.replaceAll("&#47;", "/"), url).href;
    init = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ login, password }).toString(),
    };
  }
  throw new Error("too many redirects");
}
