import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { idpSignOutUrl } from "@/lib/auth/idp-sign-out";
import { nextAuthOptions } from "@/lib/auth/next-auth-options";
import { AppError } from "@/lib/errors";
import { problem } from "@/lib/gateway/problem";

const CALLBACK_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

/** What next-auth itself takes for a callback URL (an http(s) URL, or a path of this site). */
function isHttpUrl(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

/**
 * next-auth answers a callbackUrl that is no http(s) URL with a 500 before any callback of ours
 * runs. In the query, such a target is dropped, as if it had not been sent (our redirect callback
 * keeps every other target on this site); a cookie of it, which no other site can set, is answered
 * with a 400 that clears it.
 */
function refuseUnusableCallback(req: NextRequest): Response | null {
  const target = req.nextUrl.searchParams.get("callbackUrl");
  if (target !== null && !isHttpUrl(target, req.nextUrl.origin)) req.nextUrl.searchParams.delete("callbackUrl");
  const bad = CALLBACK_COOKIES.filter((name) => {
    const value = req.cookies.get(name)?.value;
    return value !== undefined && !isHttpUrl(value, req.nextUrl.origin);
  });
  if (!bad.length) return null;
  const res = problem(
    new AppError("bad_request", "the callback-url cookie is not a URL; it has been cleared, sign in again"),
  );
  for (const name of bad)
    res.headers.append(
      "set-cookie",
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
    );
  return res;
}

// Options are built per request so that the environment is read at run time, not at build time,
// and so that this request's hooks can change next-auth's answer where it cannot say enough itself.
async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  // With a logger configured, next-auth hands whatever its `_log` endpoint receives to that logger:
  // anyone could write log lines. Its browser client's reports are not ours to log.
  if (new URL(req.url).pathname.split("/")[3] === "_log") return new Response(null, { status: 204 });
  const refusal = refuseUnusableCallback(req);
  if (refusal) return refusal;
  let refused: { status: number; retryAfter: string | undefined } | undefined;
  let signedOut: { idToken: string | undefined } | undefined;
  // next-auth's route handler is typed `any`; what it answers is a Response.
  const answer: unknown = await NextAuth(
    req as never,
    ctx as never,
    nextAuthOptions({
      refused: (status, retryAfter) => (refused = { status, retryAfter }),
      signedOut: (idToken) => (signedOut = { idToken }),
    }),
  );
  if (!(answer instanceof Response)) throw new Error("next-auth answered no Response");
  const res = answer;
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
