import NextAuth from "next-auth";
import { idpSignOutUrl } from "@/lib/auth/idp-sign-out";
import { nextAuthOptions } from "@/lib/auth/next-auth-options";

// Options are built per request so that the environment is read at run time, not at build time,
// and so that this request's hooks can change next-auth's answer where it cannot say enough itself.
async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  // With a logger configured, next-auth hands whatever its `_log` endpoint receives to that logger:
  // anyone could write log lines. Its browser client's reports are not ours to log.
  if (new URL(req.url).pathname.split("/")[3] === "_log") return new Response(null, { status: 204 });
  let refused: { status: number; retryAfter: string | undefined } | undefined;
  let signedOut: { idToken: string | undefined } | undefined;
  const res: Response = await NextAuth(req as never, ctx as never, nextAuthOptions({
    refused: (status, retryAfter) => (refused = { status, retryAfter }),
    signedOut: (idToken) => (signedOut = { idToken }),
  }));
  if (refused) {
    // next-auth's answer (its sign-in page URL with error=TooManyAttempts) stays; Retry-After, and
    // the status where it is not a browser's redirect to that page, say what happened to any client.
    const headers = new Headers(res.headers);
    if (refused.retryAfter) headers.set("retry-after", refused.retryAfter);
    return new Response(res.body, { status: headers.has("location") ? res.status : refused.status, headers });
  }
  const idpUrl = signedOut?.idToken ? await idpSignOutUrl(signedOut.idToken, req.url) : null;
  if (idpUrl) {
    // Our session is revoked and its cookie cleared (headers kept); the browser goes on to the IdP.
    const headers = new Headers(res.headers);
    if (headers.has("location")) {
      headers.set("location", idpUrl);
      return new Response(null, { status: res.status, headers });
    }
    headers.delete("content-length");
    return new Response(JSON.stringify({ url: idpUrl }), { status: res.status, headers });
  }
  return res;
}

export { handler as GET, handler as POST };
