import "server-only";
import type { Account, NextAuthOptions, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticatePassword } from "@/lib/auth/authenticate-password";
import { sameOriginPath } from "@/lib/auth/same-origin-path";
import { authSecret } from "@/lib/auth/web-session";
import { endWebSession, scopeOfWebSession, startWebSession } from "@/lib/auth/web-session-record";
import { findAccountsByEmail } from "@/lib/auth/find-account-by-email";
import { env } from "@/lib/env";
import { STATUS_OF } from "@/lib/errors";
import { toAppError } from "@/lib/gateway/handler";
import { log } from "@/lib/log";
import type { Role } from "@/lib/generated/prisma/enums";
import { CLIENT_ADDRESS_HEADER } from "@/lib/rate-limit/check-rate-limit";

/** Roles that have web pages: clinic staff, caregivers and clients (their homework). */
export const WEB_ROLES: readonly Role[] = ["CLINIC", "CAREGIVER", "CLIENT"];

type WebUser = { id: string; accountId: number; role: Role; name: string; checkedHash?: string };

/**
 * The account of clinic staff, a caregiver or a client with this email, for a sign-in through the web's IdP.
 * That IdP speaks only for the institutes that registered it as theirs (accounts belong to one
 * institute), and an email that is more than one account there names nobody for sure: refused.
 */
async function accountByEmail(email: string): Promise<WebUser | "ambiguous" | null> {
  const issuer = env().OIDC_ISSUER;
  if (!issuer) return null;
  const [a, another] = await findAccountsByEmail(email, issuer);
  if (another) return "ambiguous";
  return a ? { id: String(a.id), accountId: a.id, role: a.role, name: a.name } : null;
}

/**
 * What the route around next-auth learns of a request that next-auth itself cannot answer: a
 * refused sign-in (429 when throttled, 503 when busy or the database is away, with Retry-After,
 * instead of next-auth's 401) and a sign-out (the IdP's own sign-out comes next).
 */
export type AuthHooks = {
  refused?: (status: number, retryAfter: string | undefined) => void;
  signedOut?: (idToken: string | undefined) => void;
};

/** The `error` the sign-in form reads (next-auth passes a thrown error's message on, in the URL). */
export const THROTTLED = "TooManyAttempts";
export const UNAVAILABLE = "SignInUnavailable";

async function accountByPassword(
  username: string,
  password: string,
  address: string,
  hooks: AuthHooks,
): Promise<WebUser | null> {
  let a;
  try {
    a = await authenticatePassword(username, password, address);
  } catch (thrown) {
    // Never an internal error's own text: it would land in the sign-in page's URL.
    const e = toAppError(thrown);
    hooks.refused?.(STATUS_OF[e.code].status, e.headers?.["retry-after"]);
    throw new Error(e.code === "rate_limited" ? THROTTLED : UNAVAILABLE);
  }
  if (!a || !WEB_ROLES.includes(a.role)) return null;
  return { id: String(a.id), accountId: a.id, role: a.role, name: a.name ?? username, checkedHash: a.checkedHash };
}

function identityProvider() {
  const e = env();
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return [];
  return [
    {
      id: "oidc",
      name: "your organisation",
      type: "oauth" as const,
      wellKnown: `${e.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce" as const, "state" as const],
      profile: (p: { sub: string; email?: string; name?: string }) => ({
        id: p.sub,
        email: p.email ?? null,
        name: p.name ?? null,
      }),
    },
  ];
}

/** next-auth's codes are constants such as INVALID_CALLBACK_URL_ERROR; anything else is not logged. */
const nextAuthCode = (code: unknown) =>
  typeof code === "string" && /^[A-Za-z0-9_]{1,64}$/.test(code) ? code : "UNKNOWN";

export function nextAuthOptions(hooks: AuthHooks = {}): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: env().SESSION_MAX_AGE },
    pages: { signIn: "/signin", error: "/signin" },
    providers: [
      ...identityProvider(),
      CredentialsProvider({
        id: "credentials",
        name: "username and password",
        credentials: {
          username: { label: "Username", type: "text" },
          password: { label: "Password", type: "password" },
        },
        authorize: async (c, req) => {
          const address: unknown = req.headers?.[CLIENT_ADDRESS_HEADER];
          return c?.username && c.password
            ? accountByPassword(
                c.username,
                c.password,
                typeof address === "string" ? address.slice(0, 100) : "unknown",
                hooks,
              )
            : null;
        },
      }),
    ],
    // next-auth's own logger prints its errors' messages, metadata and stacks to the console, and
    // those quote what the caller sent (an invalid callbackUrl, verbatim): only the code is logged.
    logger: {
      error: (code) => {
        log.error({ code: nextAuthCode(code) }, "next-auth error");
      },
      warn: (code) => {
        log.warn({ code: nextAuthCode(code) }, "next-auth warning");
      },
    },
    callbacks: {
      // Every callbackUrl next-auth follows (after sign-in or sign-out) stays on this site.
      redirect: ({ url, baseUrl }) => `${baseUrl}${sameOriginPath(url, baseUrl)}`,
      // A person signed in by the IdP must be clinic staff, a caregiver or a client on the platform.
      async signIn({ user, account, profile }) {
        if (account?.provider !== "oidc") return true;
        // As in SSO: an email the IdP says it has not verified names nobody.
        const unverified = profile && "email_verified" in profile && profile.email_verified !== true;
        // Said as such: the person may well be on the platform, and their organisation is who must act.
        if (unverified) return "/signin?error=UnverifiedEmail";
        const found = user.email ? await accountByEmail(user.email) : null;
        if (found === "ambiguous") return "/signin?error=AmbiguousPlatformUser";
        if (!found) return "/signin?error=NoPlatformUser";
        Object.assign(user, found);
        return true;
      },
      // next-auth passes user and account on sign-in only, though its types say always.
      async jwt({ token, user, account }: { token: JWT; user?: User; account?: Account | null }) {
        if (user) {
          // authorize or signIn added the account to the user (next-auth.d.ts, User).
          const { accountId, role } = user;
          if (accountId === undefined || role === undefined) throw new Error("a sign-in without its platform account");
          token.accountId = accountId;
          token.role = role;
          token.name = user.name;
          // None when the account was disabled or held since its sign-in was checked: the
          // session then reads as no session at all, as for a revoked one.
          // The password's hash, where it was one, stays out of the token: it only guards this write.
          token.sid = (await startWebSession(accountId, user.checkedHash)) ?? undefined;
          if (account?.provider === "oidc" && account.id_token) token.idToken = account.id_token;
        }
        return token;
      },
      // Every page's session read checks the server-side record: a signed-out, expired or disabled
      // session reads as no session at all (no user), so the pages send the browser to sign in.
      async session({ session, token }) {
        const scope = token.sid ? await scopeOfWebSession(token.sid) : null;
        if (!scope || scope.accountId !== token.accountId) return { expires: session.expires };
        return {
          ...session,
          user: {
            ...session.user,
            name: token.name,
            role: scope.role,
            accountId: scope.accountId,
            ...(scope.role === "CAREGIVER" && { caregiverId: scope.caregiverId }),
          },
        };
      },
    },
    events: {
      // next-auth passes null when the cookie no longer decodes, though its types say a JWT.
      async signOut({ token }: { token: JWT | null }) {
        if (token?.sid) await endWebSession(token.sid);
        hooks.signedOut?.(token?.idToken);
      },
    },
  };
}
