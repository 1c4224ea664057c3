import "server-only";
import { createHash } from "node:crypto";
import { getToken } from "next-auth/jwt";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { SCOPE_COLUMNS, SCOPE_JOINS, scopeOfRow, type Scope } from "@/lib/auth/scope";

let secret: string | undefined;

/** The key of next-auth's session cookies: NEXTAUTH_SECRET, else derived from SECRET_KEY (once). */
export function authSecret(): string {
  const e = env();
  secret ??= e.NEXTAUTH_SECRET ?? createHash("sha256").update(`next-auth|${e.SECRET_KEY}`).digest("base64url");
  return secret;
}

const SQL = `select ${SCOPE_COLUMNS} from "Account" a ${SCOPE_JOINS} where a.id = $1`;

/** The scope of a signed-in account, or null when it no longer exists or is disabled. */
export async function scopeOfAccount(accountId: number): Promise<Scope | null> {
  const { rows } = await pool().query({ name: "scope-of-account", text: SQL, values: [accountId] });
  const row = rows[0];
  return row && !row.disabled ? scopeOfRow(row) : null;
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

/**
 * The scope of the web session cookie of a gateway request, or null when there is none. A change
 * (any method but GET/HEAD) made with the cookie must come from our own origin: a cross-site form
 * or script cannot ride on the cookie.
 */
export async function authenticateWebSession(req: Request): Promise<Scope | null> {
  const jar = cookies(req.headers.get("cookie"));
  if (![...jar.keys()].some((k) => k.includes("next-auth.session-token"))) return null;
  const secure = jar.has("__Secure-next-auth.session-token") || [...jar.keys()].some((k) => k.startsWith("__Secure-next-auth.session-token."));
  const token = await getToken({ req: { cookies: jar, headers: {} } as never, secret: authSecret(), secureCookie: secure });
  if (!token || typeof token.accountId !== "number") return null;
  if (req.method !== "GET" && req.method !== "HEAD") {
    const origin = req.headers.get("origin");
    const own = new URL(req.url).origin;
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(":", "");
    if (!origin || (origin !== own && origin !== `${proto}://${host}`)) {
      throw new AppError("forbidden", "a change made with the web session must come from this site (Origin header)");
    }
  }
  const scope = await scopeOfAccount(token.accountId);
  if (!scope) throw new AppError("unauthorized", "the session's account no longer exists", undefined, { "www-authenticate": 'Bearer realm="gateway"' });
  return scope;
}
