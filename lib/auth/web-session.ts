import "server-only";
import { createHash } from "node:crypto";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Scope } from "@/lib/auth/scope";
import { scopeOfWebSession } from "@/lib/auth/web-session-record";

let secret: string | undefined;

/** The key of next-auth's session cookies: NEXTAUTH_SECRET, else derived from SECRET_KEY (once). */
export function authSecret(): string {
  const e = env();
  secret ??= e.NEXTAUTH_SECRET ?? createHash("sha256").update(`next-auth|${e.SECRET_KEY}`).digest("base64url");
  return secret;
}

/** The request's cookies; one whose value is not valid %-encoding is left out, as if not sent. */
function cookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    const value = i > 0 ? decoded(part.slice(i + 1).trim()) : null;
    if (value !== null) jar.set(part.slice(0, i).trim(), value);
  }
  return jar;
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

const sessionEnded = () =>
  new AppError("unauthorized", "the web session has ended (signed out, expired or disabled)", undefined, {
    "www-authenticate": 'Bearer realm="gateway"',
  });

/** Where a browser says a request started (Sec-Fetch-Site) that our own pages never start one. */
const ELSEWHERE = new Set(["cross-site", "same-site"]);

/**
 * The scope of the web session cookie of a gateway request, or null when there is none. A change
 * (any method but GET/HEAD) made with the cookie must come from our own origin: a cross-site form
 * or script cannot ride on the cookie. Nor can a read that another site started: the cookie goes
 * with a top-level navigation from a link elsewhere, which ran the read in the person's name (an
 * audit row, a conversation marked read). Our pages' requests are same-origin; an address typed or
 * bookmarked is "none"; a client that is no browser sends no Sec-Fetch-Site and uses a token.
 */
export async function authenticateWebSession(req: Request): Promise<Scope | null> {
  const jar = cookies(req.headers.get("cookie"));
  if (![...jar.keys()].some((k) => k.includes("next-auth.session-token"))) return null;
  if (ELSEWHERE.has(req.headers.get("sec-fetch-site") ?? "")) {
    throw new AppError("forbidden", "a request made with the web session must not come from another site");
  }
  const secure =
    jar.has("__Secure-next-auth.session-token") ||
    [...jar.keys()].some((k) => k.startsWith("__Secure-next-auth.session-token."));
  const token = await getToken({
    // getToken reads only these two; its type names Next's request classes, which a gateway
    // Request is not, so the stand-in is passed as the one cast of this module.
    req: { cookies: jar, headers: {} } as never,
    secret: authSecret(),
    secureCookie: secure,
  });
  if (!token || typeof token.accountId !== "number") return null;
  // A cookie from before sessions were recorded has no id: it is no session any more.
  if (typeof token.sid !== "string") throw sessionEnded();
  if (req.method !== "GET" && req.method !== "HEAD") {
    const origin = req.headers.get("origin");
    const own = new URL(req.url).origin;
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(":", "");
    if (!origin || (origin !== own && origin !== `${proto}://${host}`)) {
      throw new AppError("forbidden", "a change made with the web session must come from this site (Origin header)");
    }
  }
  const scope = await scopeOfWebSession(token.sid);
  if (!scope || scope.accountId !== token.accountId) throw sessionEnded();
  return scope;
}
