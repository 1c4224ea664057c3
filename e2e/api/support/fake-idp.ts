import { randomBytes } from "node:crypto";
// A deliberately broken OpenID provider for the failure cases a certified one never produces:
// ID tokens with a wrong audience, a foreign signature or an expired lifetime, claims of the wrong
// type, garbage answers, error bodies with text of its own, and hostile discovery documents. It is
// also lax: it accepts any code, any number of times (so only our side can refuse a replay).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { SignJWT, exportJWK, generateKeyPair } from "jose";

export type FakeMode =
  | "ok"
  | "wrong-audience"
  | "bad-signature"
  | "expired"
  | "garbage"
  | "no-email"
  | "email-verified-string"
  | "foreign-azp"
  | "iat-ahead"
  | "error-text"
  | "client-401-empty"
  | "invalid-client-400"
  | "unauthorized-client";

/** Text the IdP puts in its error body; it must never reach our callers. */
export const IDP_ERROR_TEXT = "idp-internal-db01.corp-connection-refused";

/**
 * `discovery`: "foreign-endpoints" points token_endpoint, jwks_uri and userinfo_endpoint at another
 * origin (a listener that counts what it receives); "foreign-issuer" names another issuer.
 */
export async function startFakeIdp(
  clientId: string,
  opts: { discovery?: "foreign-endpoints" | "foreign-issuer" } = {},
) {
  const good = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(good.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  let mode: FakeMode = "ok";
  let email = "nobody@example.test";
  let tokenRequests = 0;
  let elsewhereRequests = 0;

  const listen = async (s: Server) => {
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(s.address() as { port: number }).port}`;
  };
  // Another origin (an "internal host") that a hostile discovery document points at.
  const elsewhere = createServer((req, res) => {
    elsewhereRequests++;
    req.resume();
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  const elsewhereOrigin = await listen(elsewhere);

  // Each provider's issuer has a path of its own: a port freed by one test and taken by the next
  // provider must not make the server's discovery cache (10 minutes per issuer) serve the old one.
  const prefix = `/idp-${randomBytes(6).toString("hex")}`;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const full = new URL(req.url!, issuer);
    const url = {
      pathname: full.pathname.startsWith(prefix) ? full.pathname.slice(prefix.length) : full.pathname,
      searchParams: full.searchParams,
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      const base = opts.discovery === "foreign-endpoints" ? elsewhereOrigin : issuer;
      const doc = {
        issuer: opts.discovery === "foreign-issuer" ? "https://someone-else.example" : issuer,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        userinfo_endpoint: `${base}/userinfo`,
        authorization_endpoint: `${issuer}/auth`,
      };
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(doc));
    }
    if (url.pathname === "/jwks")
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    if (url.pathname === "/token") {
      tokenRequests++;
      req.resume();
      if (mode === "garbage") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>oops</html>");
      // Refusals of the platform's own client (RFC 6749 §5.2), each way a provider says it.
      if (mode === "client-401-empty") return void res.writeHead(401).end();
      if (mode === "invalid-client-400" || mode === "unauthorized-client") {
        const error = mode === "invalid-client-400" ? "invalid_client" : "unauthorized_client";
        return void res
          .writeHead(400, { "content-type": "application/json" })
          .end(JSON.stringify({ error, error_description: IDP_ERROR_TEXT }));
      }
      if (mode === "error-text") {
        return void res
          .writeHead(400, { "content-type": "application/json" })
          .end(JSON.stringify({ error: IDP_ERROR_TEXT, error_description: `${IDP_ERROR_TEXT} at 10.0.0.7` }));
      }
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> =
        mode === "no-email"
          ? {}
          : mode === "email-verified-string"
            ? { email, email_verified: "false", name: "Fake Person" }
            : mode === "foreign-azp"
              ? { email, email_verified: true, name: "Fake Person", azp: "other-app" }
              : { email, email_verified: true, name: "Fake Person" };
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(issuer)
        .setSubject("fake-sub")
        .setAudience(
          mode === "wrong-audience" ? "someone-else" : mode === "foreign-azp" ? ["other-app", clientId] : clientId,
        )
        .setIssuedAt(mode === "expired" ? now - 7200 : mode === "iat-ahead" ? now + 365 * 86_400 : now)
        .setExpirationTime(mode === "expired" ? now - 3600 : now + 600)
        .sign(mode === "bad-signature" ? foreign.privateKey : good.privateKey);
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ id_token: token, token_type: "Bearer" }));
    }
    res.writeHead(404).end();
  };
  const server = createServer((req, res) => {
    void handle(req, res);
  });
  const issuer = `${await listen(server)}${prefix}`;
  return {
    issuer,
    set: (m: FakeMode, e?: string) => {
      mode = m;
      if (e) email = e;
    },
    /** Code redemptions this provider received. */
    tokenRequests: () => tokenRequests,
    /** Requests the other origin received (token_endpoint, jwks_uri, userinfo_endpoint there). */
    elsewhereRequests: () => elsewhereRequests,
    stop: () =>
      Promise.all(
        [server, elsewhere].map(
          (s) =>
            new Promise<void>((r) =>
              s.close(() => {
                r();
              }),
            ),
        ),
      ).then(() => undefined),
  };
}
