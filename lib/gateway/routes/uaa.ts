import "server-only";
import { grantPassword } from "@/lib/auth/grant-password";
import { grantRefresh } from "@/lib/auth/grant-refresh";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { resetPassword } from "@/lib/auth/reset-password";
import { revokeToken } from "@/lib/auth/revoke-token";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { type Bound, gateway, unwrapped, withRequestLine } from "@/lib/gateway/handler";
import { oauthErrorResponse } from "@/lib/gateway/oauth-error";
import { readOAuthFields, readTokenRequest } from "@/lib/gateway/read-token-request";
import { zodFieldErrors } from "@/lib/gateway/zod-errors";
import { acceptInvitation } from "@/lib/invitations/accept-invitation";
import * as authOps from "@/lib/operations/auth";
import * as careProvidersOps from "@/lib/operations/care-providers";
import { checkRateLimit, clientAddress } from "@/lib/rate-limit/check-rate-limit";
import { RevokeRequest } from "@/lib/schemas/token";

/** The operations at /gateway/uaa/…, each bound to its lib function; lib/gateway/router.ts serves them. */
export const uaaRoutes: Bound[] = [
  gateway(careProvidersOps.acceptInvitation, ({ req, body }) => acceptInvitation(body, clientAddress(req))),
  gateway(authOps.requestPasswordReset, async ({ req, body }) => {
    await requestPasswordReset(body, clientAddress(req));
    return new Response(null, { status: 200 });
  }),
  gateway(authOps.resetPassword, ({ req, body }) => resetPassword(body, clientAddress(req))),
  // RFC 7009: `token=…` as a form body (or JSON, or a query parameter); 200 whether or not the token was known.
  unwrapped(authOps.revokeToken, (req, rc) => withRequestLine(req, rc, (reqId) => revoke(req, reqId))),
  unwrapped(authOps.getToken, (req, rc) => withRequestLine(req, rc, (reqId) => token(req, reqId))),
];

async function revoke(req: Request, reqId: string): Promise<Response> {
  try {
    const r = RevokeRequest.safeParse(await readOAuthFields(req, 8 * 1024, "form"));
    if (!r.success) throw new AppError("bad_request", "token is required", zodFieldErrors(r.error));
    await revokeToken(r.data.token);
    return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
  } catch (e) {
    return oauthErrorResponse(e, reqId);
  }
}

async function token(req: Request, reqId: string): Promise<Response> {
  try {
    const address = clientAddress(req);
    const r = await readTokenRequest(req);
    // The password grant counts the address with the sign-in limits (lib/auth/authenticate-password).
    if (r.grant_type === "refresh_token")
      await checkRateLimit([{ key: `token:addr:${address}`, max: env().RATE_LIMIT_ADDRESS }]);
    const tokens =
      r.grant_type === "password"
        ? await grantPassword(r.username, r.password, address)
        : await grantRefresh(r.refresh_token);
    return new Response(JSON.stringify(tokens), {
      status: 200,
      headers: { "content-type": "application/json;charset=UTF-8", "cache-control": "no-store", pragma: "no-cache" },
    });
  } catch (e) {
    return oauthErrorResponse(e, reqId);
  }
}
