// A real, certified OpenID provider (`oidc-provider`) on loopback: the identity provider of the
// embedded default (`npm start` with no IdP configured) and of the tests. It has a login page of
// its own; its accounts are the demo people, and tests may add more through /test/accounts when
// started with `testAccounts: true`.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export type IdpAccount = { username: string; password: string; email: string; name: string; emailVerified?: boolean };
export type IdpClient = {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
};
export type LocalIdp = { issuer: string; port: number; addAccount: (a: IdpAccount) => void; stop: () => Promise<void> };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;padding:2rem;border-radius:.75rem;box-shadow:0 1px 3px #0002;box-sizing:border-box;width:min(22rem,92vw)}label{display:block;margin-top:1rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;border:1px solid #64748b;border-radius:.4rem;font-size:1rem}
button{margin-top:1.5rem;width:100%;padding:.7rem;background:#1d4ed8;color:#fff;border:0;border-radius:.4rem;font-size:1rem;font-weight:600;cursor:pointer}
p.error{color:#b91c1c;font-weight:600}</style></head><body><main>${body}</main></body></html>`;

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (d: Buffer) => {
      body += d.toString();
      if (body.length > 10_000) req.destroy();
    });
    req.on("end", () => {
      resolve(new URLSearchParams(body));
    });
    req.on("error", reject);
  });
}

export async function startLocalIdp(opts: {
  port: number;
  host?: string;
  clients: IdpClient[];
  accounts: IdpAccount[];
  testAccounts?: boolean;
}): Promise<LocalIdp> {
  const issuer = `http://${opts.host ?? "127.0.0.1"}:${opts.port}`;
  const accounts = new Map<string, IdpAccount>();
  const addAccount = (a: IdpAccount) => accounts.set(a.username.toLowerCase(), a);
  opts.accounts.forEach(addAccount);
  const byLogin = (login: string) =>
    accounts.get(login.toLowerCase()) ??
    [...accounts.values()].find((a) => a.email.toLowerCase() === login.toLowerCase());

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString("hex"), use: "sig", alg: "RS256" };

  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Real IdPs differ here; ours puts email and name in the ID token, and serves userinfo too.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      // RP-initiated sign-out: the platform's "Sign out" ends this provider's session too, after
      // the person confirms here (as real providers ask).
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = "html";
          ctx.body = page(
            "Sign out · Local identity provider",
            `<h1>Local identity provider</h1><p>Sign out of the identity provider on this device too?</p>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Yes, sign me out</button>`,
          );
          return Promise.resolve();
        },
      },
    },
    pkce: { required: () => false },
    ttl: { AuthorizationCode: 120, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const a = accounts.get(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: a.email, email_verified: a.emailVerified ?? true, name: a.name }),
      };
    },
  });
  provider.on("server_error", () => {});
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error("interaction mismatch");
    if (details.prompt.name === "consent") {
      // First-party provider: consent is implied.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : details.session &&
          new provider.Grant({ accountId: details.session.accountId, clientId: String(details.params.client_id) });
      if (!grant) throw new Error("no grant and no session to make one for");
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    let error = "";
    if (req.method === "POST" && action === "login") {
      const form = await readForm(req);
      const account = byLogin(form.get("login") ?? "");
      if (account && account.password === form.get("password")) {
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.username.toLowerCase() } },
          { mergeWithLastSubmission: false },
        );
      }
      error = "Wrong username or password.";
    }
    res.writeHead(error ? 401 : 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(
      page(
        "Sign in · Local identity provider",
        `<h1>Local identity provider</h1><p>Sign in to continue to ${esc(String(details.params.client_id))}.</p>${error ? `<p class="error" role="alert">${error}</p>` : ""}
<form method="post" action="/interaction/${esc(uid)}/login"><label for="login">Username or email</label><input id="login" name="login" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required><button type="submit">Sign in</button></form>`,
      ),
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const url = new URL(req.url ?? "/", issuer);
      const m = /^\/interaction\/([^/]+)(?:\/(login))?$/.exec(url.pathname);
      if (m?.[1]) {
        await interaction(req, res, m[1], m[2]);
        return;
      }
      if (opts.testAccounts && url.pathname === "/test/accounts" && req.method === "POST") {
        const form = await readForm(req);
        const field = (k: string) => form.get(k) ?? "";
        addAccount({
          username: field("username"),
          password: field("password"),
          email: field("email"),
          name: form.get("name") ?? field("username"),
          emailVerified: form.get("email_verified") !== "false",
        });
        res.writeHead(204).end();
        return;
      }
      await callback(req, res);
    } catch (e) {
      res
        .writeHead(400, { "content-type": "text/plain" })
        .end(`interaction failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? "127.0.0.1", resolve));
  const stop = () =>
    new Promise<void>((r) => {
      server.close(() => {
        r();
      });
    });
  return { issuer, port: opts.port, addAccount, stop };
}
