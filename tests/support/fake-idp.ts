// A deliberately broken OpenID provider for the failure cases a certified one never produces:
// ID tokens with a wrong audience, a foreign signature or an expired lifetime, and garbage answers.
import { createServer } from "node:http";
import { SignJWT, exportJWK, generateKeyPair } from "jose";

export type FakeMode = "ok" | "wrong-audience" | "bad-signature" | "expired" | "garbage" | "no-email";

export async function startFakeIdp(clientId: string) {
  const good = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(good.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  let mode: FakeMode = "ok";
  let email = "nobody@example.test";
  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, issuer);
    if (url.pathname === "/.well-known/openid-configuration") {
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ issuer, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/auth` }));
    }
    if (url.pathname === "/jwks") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    if (url.pathname === "/token") {
      if (mode === "garbage") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>oops</html>");
      const now = Math.floor(Date.now() / 1000);
      const claims = mode === "no-email" ? {} : { email, email_verified: true, name: "Fake Person" };
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(issuer)
        .setSubject("fake-sub")
        .setAudience(mode === "wrong-audience" ? "someone-else" : clientId)
        .setIssuedAt(mode === "expired" ? now - 7200 : now)
        .setExpirationTime(mode === "expired" ? now - 3600 : now + 600)
        .sign(mode === "bad-signature" ? foreign.privateKey : good.privateKey);
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id_token: token, token_type: "Bearer" }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    issuer,
    set: (m: FakeMode, e?: string) => {
      mode = m;
      if (e) email = e;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
